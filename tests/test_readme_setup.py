"""The README's set-up notes answer what a fresh machine asks first (issue 14)."""

from __future__ import annotations

from pathlib import Path

README = (Path(__file__).resolve().parents[1] / "README.md").read_text()


def test_the_readme_says_how_to_install_on_a_pep_668_system_and_where_things_are() -> None:
    assert "PEP 668" in README and "python3 -m venv .venv" in README
    assert "`python3`" in README
    assert "./data/paiju.log" in README
    assert "resumes a hand left unfinished" in README
    assert "about ten minutes" in README
    # Still exactly two set-up commands for a fresh machine (the two ```sh blocks first).
    blocks = README.split("```sh")[1:3]
    assert [b.split("```")[0].strip() for b in blocks] == [
        "pip install -e . && python -m bot", 'pip install -e ".[test]" && python -m pytest']
