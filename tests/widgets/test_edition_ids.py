"""Every widget's `set_edition` takes an edition id, never a path: a path is refused through
the status line with the engine's sentence listing the editions, and nothing changes."""
import pytest

from ttr_nb.engine.rules import load_rules

from ttr_nb.widgets import EditionExplorer, PaymentChecker, TunnelLab


@pytest.mark.parametrize("make", [lambda: EditionExplorer("usa"), lambda: PaymentChecker("usa"),
                                  lambda: TunnelLab("europe")])
@pytest.mark.parametrize("name", ["../../elsewhere/evil", "../editions/usa", "usa.toml"])
def test_set_edition_refuses_a_path(make, name):
    widget = make()
    before = widget.game
    assert widget.set_edition(name) is False
    assert widget.status.kind == "refused"
    with pytest.raises(ValueError) as engine:
        load_rules(name)
    assert str(engine.value) in widget.status.text                  # the engine's sentence, in the language of the run
    assert "usa, europe, switzerland, nordic" in widget.status.text
    assert widget.game is before
