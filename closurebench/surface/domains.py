"""The 16 domain frames: the same graph told as payments, routes, citations, a family tree...

A frame supplies the vocabulary a template needs: what a node is, the verbs for an edge read
forwards, backwards (for target-grouped text) and symmetrically (for undirected graphs), and the
noun for one edge. The structure never depends on the frame.
"""

from __future__ import annotations

from dataclasses import dataclass

__all__ = ["DOMAINS", "KINSHIP", "WEIGHTED_DOMAINS", "Frame", "WeightedFrame"]


@dataclass(frozen=True)
class Frame:
    """Vocabulary for one domain. ``verbs`` are forward synonyms (``"X pays Y"``)."""

    id: str
    setting: str
    noun: str
    nouns: str
    verbs: tuple[str, ...]
    reverse: str
    link: str
    links: str
    symmetric: str


def _f(id, setting, noun, nouns, verbs, reverse, link, links, symmetric) -> Frame:
    return Frame(id, setting, noun, nouns, tuple(verbs), reverse, link, links, symmetric)


DOMAINS: tuple[Frame, ...] = (
    _f("fraud_detection", "A fraud team is tracing money between accounts.", "account",
       "accounts", ("transferred funds to", "sent money to", "wired money to"),
       "received funds from", "transfer", "transfers", "has exchanged funds with"),
    _f("supply_chain", "A manufacturer is mapping who supplies whom.", "supplier", "suppliers",
       ("supplies", "ships parts to", "delivers components to"), "is supplied by", "supply link",
       "supply links", "trades parts with"),
    _f("cybersecurity", "A security team is mapping which hosts can open connections to which.",
       "host", "hosts", ("can connect to", "has network access to", "can open a session on"),
       "accepts connections from", "connection", "connections", "shares a network segment with"),
    _f("compliance", "A compliance analyst is reviewing which entities report to which.",
       "entity", "entities", ("reports to", "files disclosures with", "submits reports to"),
       "receives reports from", "reporting line", "reporting lines", "shares an auditor with"),
    _f("healthcare", "A hospital network is mapping patient referrals between clinics.",
       "clinic", "clinics", ("refers patients to", "sends referrals to", "transfers patients to"),
       "receives referrals from", "referral", "referrals", "shares patient records with"),
    _f("logistics", "A logistics planner is listing direct freight lanes between depots.",
       "depot", "depots", ("ships to", "sends freight to", "dispatches trucks to"),
       "receives freight from", "freight lane", "freight lanes", "shares a freight lane with"),
    _f("social_media", "A social platform is studying who follows whom.", "user", "users",
       ("follows", "subscribes to", "reposts"), "is followed by", "follow", "follows",
       "is mutual friends with"),
    _f("academia", "A librarian is building a citation graph of papers.", "paper", "papers",
       ("cites", "references", "builds on"), "is cited by", "citation", "citations",
       "shares an author with"),
    _f("banking", "A bank is auditing payments between customers.", "customer", "customers",
       ("pays", "makes payments to", "sends transfers to"), "is paid by", "payment",
       "payments", "has a joint account with"),
    _f("real_estate", "An agency is tracking which agents refer buyers to which.", "agent",
       "agents", ("refers buyers to", "passes leads to", "recommends"), "gets leads from",
       "lead referral", "lead referrals", "co-lists properties with"),
    _f("telecommunications", "A telecom operator is mapping routes between switches.",
       "switch", "switches", ("routes calls to", "forwards traffic to", "hands off calls to"),
       "receives calls from", "route", "routes", "has a trunk line with"),
    _f("energy", "A grid operator is mapping which substations feed which.", "substation",
       "substations", ("feeds power to", "supplies power to", "transmits power to"),
       "draws power from", "power line", "power lines", "is interconnected with"),
    _f("government", "A civil-service review is mapping which agencies oversee which.",
       "agency", "agencies", ("oversees", "directs", "supervises"), "is overseen by",
       "oversight link", "oversight links", "shares a budget line with"),
    _f("transport", "A transit authority is listing direct one-way services between stations.",
       "station", "stations", ("has a direct service to", "runs trains to", "connects onward to"),
       "is served from", "service", "services", "shares a platform with"),
    _f("abstract", "Consider a graph of nodes and edges.", "node", "nodes",
       ("has an edge to", "points to", "links to"), "has an edge from", "edge", "edges",
       "is adjacent to"),
)

KINSHIP = _f("kinship", "Here is part of a family tree.", "person", "people",
             ("is a parent of", "is the parent of", "has a child named"), "is a child of",
             "parent-child link", "parent-child links", "is related to")
"""The kinship frame: used, and only used, by the family-tree categories."""


@dataclass(frozen=True)
class WeightedFrame(Frame):
    """A frame whose links and nodes carry numbers (GrAlgoBench's weighted tasks).

    ``edge_quantity`` / ``node_quantity`` name the number in a question ("length in km");
    ``edge_phrase`` / ``node_phrase`` state one weight in prose (``{a}``, ``{b}``, ``{v}``,
    ``{w}`` filled in); ``edge_unit`` is the short unit for structured encodings.
    """

    edge_quantity: str = ""
    node_quantity: str = ""
    edge_phrase: str = ""
    node_phrase: str = ""
    edge_unit: str = ""


WEIGHTED_DOMAINS: tuple[WeightedFrame, ...] = (
    WeightedFrame(
        "freight_km", "A haulier is mapping the roads between its depots.", "depot", "depots",
        ("has a road to",), "has a road from", "road", "roads", "has a direct road to",
        edge_quantity="length in km of freight haul",
        node_quantity="the tonnes of freight it handles a day",
        edge_phrase="The road between {a} and {b} is {w} km long",
        node_phrase="{v} handles {w} tonnes of freight a day", edge_unit="km"),
    WeightedFrame(
        "travel_minutes", "A transit planner is listing the direct lines between stations.",
        "station", "stations", ("has a direct line to",), "has a direct line from", "line",
        "lines", "has a direct line to",
        edge_quantity="travel time in minutes",
        node_quantity="the hundreds of passengers it serves an hour",
        edge_phrase="{a} and {b} are {w} minutes of travel apart",
        node_phrase="{v} serves {w} hundred passengers an hour", edge_unit="min"),
    WeightedFrame(
        "coauthorship", "A research office is mapping who has written papers with whom.",
        "researcher", "researchers", ("has co-authored with",), "has co-authored with",
        "collaboration", "collaborations", "has co-authored with",
        edge_quantity="number of papers co-authored",
        node_quantity="the number of papers they have written",
        edge_phrase="{a} and {b} have co-authored {w} papers",
        node_phrase="{v} has written {w} papers", edge_unit="papers"),
)
"""The weighted frames: used, and only used, by GrAlgoBench's weighted tasks."""
