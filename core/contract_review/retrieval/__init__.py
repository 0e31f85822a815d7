"""Retrieval: embedders, tokenizers, BM25, the hybrid index with fusion, and the
reference-document search every domain uses (see ``docs/retrieval.md``).

Modules, one job each, in the order a newcomer reads them:

Embedders:

* :mod:`.embedder_types` — the :class:`Embedder` protocol and the :class:`EmbedderSpec`
  plugins register through ``register_embedders``;
* :mod:`.embedders` — the built-in embedders and the on-disk embedding cache;
* :mod:`.embedder_choice` — the embedder the settings or the command line ask for;
* :mod:`.vectors` — normalisation, cosine scores and top-k over dense and sparse rows;
* :mod:`.ann_index` — the optional approximate vector index (faiss HNSW, ``--ann hnsw``);

Words:

* :mod:`.tokenizers` — terms for BM25: jieba for Chinese, words for English;
* :mod:`.bm25` — BM25 over those terms;

The hybrid index:

* :mod:`.search_models` — documents in, filters and search settings, hits out;
* :mod:`.index_config` — what an index is built with, saved beside it;
* :mod:`.hybrid_index` — :class:`HybridIndex`: BM25 and vectors, filtered and fused;
* :mod:`.filters` — metadata filters: parsed, and applied before ranking;
* :mod:`.fusion` — the BM25 and vector rankings of a query fused into one score;
* :mod:`.stage_fusion` — both ranking stages fused in one pass (each signal normalised once);
* :mod:`.source_signals` — a candidate's source's best BM25 and cosine among the candidates;
* :mod:`.mentions` — the laws and articles a query names, as ranking signals;
* :mod:`.definitions` — questions asking what a term is, and the documents defining it;
* :mod:`.name_scan` — known names found in a text, the longest winning;
* :mod:`.query_decomposition` — a multi-part question split into its questions;
* :mod:`.snippets` — the part of a hit's text that matched;
* :mod:`.index_storage` — saving an index and reopening it without re-embedding;
* :mod:`.long_lived` — an opened index left out of later garbage collections;
* :mod:`.batch_threads` — a batch of queries split over threads;
* :mod:`.blas_threads` — the BLAS thread limit, read and set directly;
* :mod:`.background_terms` — BM25 terms built in a second process while documents are embedded;
* :mod:`.build_timing` — the time of each build phase (``index build -v``);
* :mod:`.corpus_loading` — a JSON-lines file or a folder of documents to index;

For every domain:

* :mod:`.reference_search` — SPEC-16's ``search_reference_doc`` over a reference document;

For long jobs:

* :mod:`.progress` — a progress bar on stderr, shown only when someone watches.
"""
