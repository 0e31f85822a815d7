"""The FIDIC domain's playbook: ``playbook.yaml`` next to this module (package data),
read once when the plugin loads. Written from the Contractor's side of the table; a
user can replace it with ``--playbook FILE`` without writing a plugin."""

from __future__ import annotations

from contract_review.playbooks.playbook_loading import load_playbook_resource
from contract_review.playbooks.playbook_models import Playbook
from contract_review.playbooks.rule_models import PlaybookRule

PLAYBOOK: Playbook = load_playbook_resource(__package__ or "contract_review_fidic")
PLAYBOOK_RULES: tuple[PlaybookRule, ...] = PLAYBOOK.rules
