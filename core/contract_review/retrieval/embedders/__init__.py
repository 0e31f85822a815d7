"""The built-in embedders and the on-disk embedding cache. Core's built-in plugin
(:mod:`contract_review.builtin.embedders`) registers them by name.

Each module imports its heavy dependency only when an embedder is built or used.

Modules, one job each:

* :mod:`.usem3_embedder` — Universal Sentence Encoder multilingual v3: offline, the default;
* :mod:`.usem3_forward` — a faster forward pass of that model, on the package's weights;
* :mod:`.usem3_tokenizer_cache` — its tokenizer and weights cached for a fast start-up;
* :mod:`.usem3_sentencepiece` — its word pieces cut by the sentencepiece library (same ids);
* :mod:`.char_ngram` — TF-IDF over character n-grams: offline, no weights, the fallback;
* :mod:`.openai_compatible_embedder` — any ``/v1/embeddings`` server (vLLM, Ollama, OpenAI);
* :mod:`.dashscope_embedder` — Dashscope ``text-embedding-*`` via its compatible mode;
* :mod:`.sentence_transformers_embedder` — a sentence-transformers model already on disk;
* :mod:`.embedding_cache` — :class:`CachedEmbedder`, which remembers computed vectors.
"""
