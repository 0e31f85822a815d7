"""Skills: what a plugin registers, how core runs it, and how an LLM sees it.

This package deliberately imports nothing on its own: the registry imports
:mod:`.registration`, and the dispatcher imports the registry.

Modules, one job each, in the order a newcomer reads them:

* :mod:`.registration` — :class:`SkillRegistration` and :class:`SkillResult`;
* :mod:`.dispatcher` — :class:`SkillDispatcher`: validate, run, time out, report;
* :mod:`.tool_definitions` — every skill as an OpenAI function-calling tool (SPEC-19);
* :mod:`.tool_calls` — the tool calls parsed out of an LLM response;
* :mod:`.generic` — core's generic skills (domain ``*``).
"""
