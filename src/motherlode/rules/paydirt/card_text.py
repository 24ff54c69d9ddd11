"""What each card does, in a line, for players (`motherlode rules paydirt`, the glossary).

The rules themselves are in `specialists.py`, `event_cards.py` and `upgrade_cards.py`; the
numbers in these lines are the data's (`{amount}` is filled in from the card's `amount`).
"""

from __future__ import annotations

SPECIALISTS = {
    "discount_specialists": "${amount:,} off the price you pay for each later specialist",
    "discount_claims": "${amount:,} off the price you pay for each later claim",
    "discount_equipment": "${amount:,} off the price you pay for each later equipment",
    "none": "no ability",
    "temporary_workers": "{amount} extra worker(s) from your reserve in each Work phase",
    "paid_workers": "pay ${amount:,} at each Income or 3 workers leave with the card",
    "layered_any_order": "take ore from layered claims in any order",
    "no_loader_wear": "ore entering your loader adds no wear (events still do)",
    "income": "income ${amount:,} instead of the usual",
    "immune_equipment_events": "equipment events do not affect you",
    "immune_claim_events": "claim events do not affect you",
    "immune_specialist_events": "specialist events do not affect you",
    "sell_bonus": "your first sale of a round pays ${amount:,} more",
    "take_leftover": "after the auction, take one tile left on display at its minimum",
    "pick_same_type": "you may pick the type just auctioned",
    "swap_event": "you may swap your event card for the deck's top card, unseen",
    "repair_after_work": "after each Work phase, {amount} wear off one machine",
}

EVENTS = {
    "bad-load": "each ore you complete gives {amount} nugget less",
    "bad-roads": "equipment and upgrades you get wait until this card ends",
    "bought-a-lemon": "equipment and upgrades you get arrive fully worn",
    "busted-controls": "each machine's first run in a round needs a second worker",
    "catastrophic-failure": "+{amount} wear on each machine, +1 on each upgrade",
    "diesel-shortage": "each machine's first run in a round costs ${amount:,}",
    "harsh-weather": "+{amount} wear on each machine (Hank Driver does not help)",
    "rusted-axel": "choose a machine: no ore enters or moves along it",
    "stolen-spark-plugs": "your excavator stops unless your Generator runs",
    "unexpected-breakdown": "choose a machine: +{amount} wear",
    "bum-claim": "choose an ore on your claims: rich becomes medium or medium poor",
    "clay-layer": "discard an ore of your choice from your claims",
    "fools-gold": "lose {amount} nuggets (not if you own a Company Vault)",
    "good-find-for-someone-else": "improve an opponent's ore (not keepable with no gold)",
    "misfiled-paperwork": "you may not pick or bid on claims",
    "open-pit-fine": "pay ${amount:,} per claim holding ore",
    "poached-mine": "discard an ore of your choice from your claims",
    "snap-freeze": "the first load from each claim in a round needs a second worker",
    "surveying-error": "pay ${amount:,} per unprocessed ore (claims, machines) or discard",
    "flash-flood": "choose a claim: nothing is loaded from it",
    "clear-eyes-full-hearts-cant-lose": "nothing: the best card in the deck",
    "disloyal-employee": "an opponent of your choice shares one of your specialists",
    "employee-feud": "pay a specialist's minimum price, or discard one",
    "flu-outbreak": "choose a specialist: its workers and ability are out",
    "gambling-losses": "pay ${amount:,} to an opponent of your choice",
    "gold-fever": "pay ${amount:,} per worker not on a machine or repair",
    "late-night-bender": "{amount} workers fewer in the next Work",
    "mandatory-safety-training": "one worker on each machine you use cannot act",
    "overslept": "{amount} worker fewer in the next Work",
    "thieving-workers": "lose {amount} nuggets not in a Company Vault",
}

UPGRADES = {
    "atv": "buy a face-up upgrade without a town worker",
    "company-vault": "store your nuggets: safe from theft, not for sale",
    "fuel-reserves": "one free move within a machine",
    "generator": "power your machines this round and make one free pull",
    "misplaced-wrench": "+{amount} wear on an opponent's machine (cannot be stopped)",
    "shake-table": "your next ore completed this round gives +{amount} nugget",
    "sluice-box": "swap an ore on your machines for one of the next better type",
    "bulldozer": "trade 2 poor for a medium, or 2 medium for a rich",
    "earthmover": "swap two ore on a layered claim",
    "fake-border-marker": "move an opponent's poor or medium claim ore onto your claim",
    "industrial-pump": "an empty claim of yours gets {amount} new ore",
    "metal-detector": "gain {amount} nugget",
    "ripper-attachment": "one free load onto your excavator",
    "test-drill": "turn an ore on your claims face up",
}


def effect(text: str, amount: int) -> str:
    """A card's line with its `amount` filled in."""
    return text.format(amount=amount)
