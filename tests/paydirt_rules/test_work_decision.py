"""The Work phase's decision in words (issue 12 item 4): what `skip` and `end` do, and a
warning for each placed worker that can do nothing where it stands (idle.py)."""

from __future__ import annotations

from typing import Any

from motherlode.engine.decision import ChoiceGroup, Decision
from motherlode.rules.paydirt import work
from motherlode.rules.paydirt.phase import Phase
from paydirt_rules.helpers import play
from paydirt_rules.test_work import place_all, set_board, working


def _options(decision: Decision, verb: str) -> list[Any]:
    groups = [g for g in decision["groups"] if g["kind"] == "choice" and g["verb"] == verb]
    return [] if not groups else list(_choice(groups[0])["options"])


def _choice(group: Any) -> ChoiceGroup:
    assert group["kind"] == "choice"
    result: ChoiceGroup = group
    return result


def test_a_seller_with_no_nuggets_is_named_and_skip_says_it_sends_him_back() -> None:
    """WK-3 (000 "a worker may return without acting"): `skip` sends back the worker that can
    do nothing (the first in board order), the turn goes on; `end` sends back every worker not
    used. The decision says so, and names the idle worker and why."""
    state = working()
    state.boards[0].gold = 0
    place_all(state, ["excavator", "sell"], ["loader"])
    assert state.phase == Phase.WORK and state.current_player == 0
    decision = state.decision()
    assert "the seller can do nothing now (nothing to sell: no nuggets)" in decision["prompt"]
    [skip] = _options(decision, "skip")
    assert skip["text"] == ("send back the seller now: nothing to sell: no nuggets; your other "
                            "workers go on")
    [end] = _options(decision, "end")
    assert "(excavator x1, sell x1) go back without acting" in end["text"]
    play(state, "skip")
    decision = state.decision()
    assert "can do nothing" not in decision["prompt"] and not _options(decision, "skip")
    assert "(excavator x1)" in _options(decision, "end")[0]["text"]


def test_idle_reasons_for_machines_and_repairs() -> None:
    """An excavator worker with empty claims, a loader worker with nothing at the end of the
    excavator, a repairer of an unworn machine: each is named with its reason."""
    state = working()
    set_board(state, 0, machines={"wash_plant": ("", 1, "...")}, claims=[("starting-1", False, "")])
    state.boards[0].gold = 3
    place_all(state, ["excavator", "loader", "repair excavator", "repair wash_plant"], [])
    prompt = state.decision()["prompt"]
    assert "the excavator worker can do nothing now (nothing to load: no ore on your claims)" \
        in prompt
    assert ("the loader worker can do nothing now (nothing to pull: no ore on the last space of "
            "the excavator);") in prompt  # and no ore the excavator worker could bring
    assert "the excavator repairer can do nothing now (nothing to repair: the excavator has no " \
        "wear)" in prompt
    assert "wash plant repairer" not in prompt


def test_placing_warns_of_a_town_or_repair_place_with_nothing_to_do_now() -> None:
    """At placement the decision says which town and repair places would have nothing to do
    as things stand (a seller with no nuggets, a repair of an unworn machine); the machines
    are not warned of (ore reaches them during the turn)."""
    state = working()
    state.boards[0].gold = 0
    work.begin(state)
    texts = {o["name"]: o["text"] for o in _options(state.decision(), "place")}
    assert texts["sell"] == "right now: nothing to sell: no nuggets"
    assert texts["repair excavator"] == "right now: nothing to repair: the excavator has no wear"
    assert texts["excavator"] == ""


def test_a_loader_worker_that_may_pull_later_is_not_said_to_do_nothing() -> None:
    """Issue 21 item 6 (000 "Moving ore": each worker pulls one ore one space; WK-3 a worker
    may return without acting): a loader worker with nothing on the excavator's last space
    can pull once the seat's excavator worker moves ore there; the warning and the `skip`
    offer say so instead of "can do nothing"."""
    state = working()
    set_board(state, 0, machines={"excavator": ("", 0, ".p.")})
    place_all(state, ["excavator", "loader"], [])
    decision = state.decision()
    later = ("but may pull ore once your excavator worker moves some onto the excavator's last "
             "space")
    assert (f"the loader worker can do nothing now (nothing to pull: no ore on the last space "
            f"of the excavator), {later}") in decision["prompt"]
    [skip] = _options(decision, "skip")
    assert skip["text"] == ("send back the loader worker now: nothing to pull: no ore on the "
                            f"last space of the excavator, {later}; your other workers go on")
    play(state, "move excavator 3")
    assert "loader worker can do nothing" not in state.decision()["prompt"]
