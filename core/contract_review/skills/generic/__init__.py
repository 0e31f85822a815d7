"""Core's generic skills (domain ``*``): every domain may use them.

One module per skill, each holding the skill's input and output models and its
handler; :mod:`contract_review.builtin.generic_skills` registers them and builds their
inputs from the review state. Shared pieces: :mod:`.clause_lookup` (finding a clause
and its place in the section tree) and :mod:`.number_words` (numbers written in words).
"""
