"""The built-in embedders and the on-disk embedding cache.

* ``usem3_embedder`` — Universal Sentence Encoder multilingual v3, offline, the default;
* ``char_ngram`` — TF-IDF over character n-grams, offline, no model weights;
* ``dashscope_embedder`` — Alibaba Cloud Dashscope ``text-embedding-*`` (sends texts out);
* ``sentence_transformers_embedder`` — a sentence-transformers model already on disk;
* ``embedding_cache`` — :class:`CachedEmbedder`, which remembers computed vectors.

Each module imports its heavy dependency only when an embedder is built or used.
"""
