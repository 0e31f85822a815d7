"""Skills: what a plugin registers, how core runs it, and how an LLM sees it.

* :mod:`.registration` — :class:`~.registration.SkillRegistration`, :class:`~.registration.SkillResult`.
* :mod:`.dispatcher` — :class:`~.dispatcher.SkillDispatcher`: validate, run (sync or
  async, local or remote), time out, report.
* :mod:`.tool_definitions` — OpenAI function-calling definitions with internal fields
  stripped (seed SPEC-19).
* :mod:`.tool_calls` — parse the tool calls out of an LLM response.
* :mod:`.generic` — core's generic skills (domain ``*``).

This package deliberately imports nothing on its own: the registry imports
:mod:`.registration`, and the dispatcher imports the registry.
"""
