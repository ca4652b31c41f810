"""Industry drawn as SVG from its board data (service/games/industry/data/board.json)
and a public view: the 60 spaces by epoch (rows) and column (A jokers, B-C bonus
spaces, D-I factories, J-L technologies) with cost, needs, product and VP, the
ownership markers (owner's colour), developed spaces (filled), the spaces open to
auction and the one being auctioned, the connections by kind, the area markers and
each seat's money, VP, jokers and markers. The board file is provisional (not the
printed Ystari board) and the picture says so."""
from __future__ import annotations

from service.drawing import svg
from service.games.presentation import count
from service.games.industry.board import BOARD

COLUMNS = "ABCDEFGHIJKL"
CELL_W, CELL_H, GAP, LEFT, TOP = 80, 96, 4, 70, 60
REGION = {"joker": "#efe3c2", "bonus": "#cfe4f5", "factory": "#e6e6e6", "technology": "#e3d4ef"}
LINK = {"road": "#8d6e63", "river": "#1e88e5", "rail": "#222", "pipe": "#00897b",
        "power_line": "#f9a825", "tech_line": "#8e24aa"}
AUCTIONED = "#d81b60"         # the ring round the space under the hammer


def words(name: str | None) -> str:
    return (name or "").replace("_", " ")


def corner(space_id: str) -> tuple[int, int]:
    space = BOARD.spaces[space_id]
    return (LEFT + COLUMNS.index(space["column"]) * (CELL_W + GAP),
            TOP + (space["epoch"] - 1) * (CELL_H + GAP))


def centre(space_id: str) -> tuple[float, float]:
    x, y = corner(space_id)
    return x + CELL_W / 2, y + CELL_H / 2


def facts_of(space: dict) -> list[str]:
    """The space's printed facts, one short line each: cost and VP, each resource it
    needs (+), what it makes (→)."""
    if space["kind"] == "joker":
        return [f"joker: {words(space['joker'])}"]
    vp = f"{space['vp']} VP" if space.get("vp") else ""
    head = " · ".join(f for f in (f"T{space['cost']}" if "cost" in space else "", vp) if f)
    return ([head] if head else []) + [f"+{words(r)}" for r in space.get("needs", ())] \
        + ([f"→{words(space['produces'])}"] if space.get("produces") else []) \
        + ([f"{space['vp_per_factory']} VP/factory"] if "vp_per_factory" in space else [])


def cell(public: dict, space_id: str, names: list[str]) -> str:
    space, x, y = BOARD.spaces[space_id], *corner(space_id)
    owner = public["owned"].get(space_id)
    auction = public.get("auction") or {}
    open_now = space_id in public["available"]
    parts = [f'<rect x="{x}" y="{y}" width="{CELL_W}" height="{CELL_H}" rx="5" '
             f'fill="{REGION[space["kind"]]}" stroke="{"#1b5e20" if open_now else "#777"}" '
             f'stroke-width="{3 if open_now else 1}"/>',
             svg.text(x + 4, y + 12, space_id, 11, font_weight="bold")]
    title = words(space.get("name") or space["kind"]).capitalize()     # as the labels print it
    for i, line in enumerate(title.split(" ", 1) if len(title) > 12 else [title]):
        parts.append(svg.text(x + CELL_W / 2, y + 26 + i * 12, line, 11, text_anchor="middle"))
    for i, fact in enumerate(facts_of(space)):
        parts.append(svg.text(x + 4, y + 52 + i * 11, fact, 11))
    said = [f"{space_id} {space.get('name') or space['kind']}"] + facts_of(space)   # named by the seam
    if owner:
        colour = svg.seat_colour(owner["seat"])
        parts.append(f'<circle cx="{x + CELL_W - 12}" cy="{y + 12}" r="9" fill="{colour}" '
                     f'stroke="#000" stroke-width="{2 if owner["developed"] else 0.5}"/>')
        if owner["developed"]:
            parts.append(f'<rect x="{x + 2}" y="{y + CELL_H - 10}" width="{CELL_W - 4}" '
                         f'height="8" fill="{colour}"/>')
        said.append(f"owned by {names[owner['seat']]} since epoch {owner['epoch']}, "
                    + ("developed" if owner["developed"] else "not developed"))
    elif space_id in public["auctioned"] and space["kind"] == "joker":
        said.append("joker taken")
    if open_now:
        said.append("open to auction")
    if auction.get("space") == space_id:
        bidder = auction.get("high_bidder")
        said.append(f"being auctioned, high bid {auction.get('high_bid')}"
                    + (f" by {names[bidder]}" if bidder is not None else ""))
        parts.append(f'<rect x="{x - 3}" y="{y - 3}" width="{CELL_W + 6}" height="{CELL_H + 6}" '
                     f'rx="7" fill="none" stroke="{AUCTIONED}" stroke-width="4"/>')
    return svg.described(": ".join([said[0], "; ".join(said[1:])]), parts)


def connection(kind: str, a: str, b: str) -> str:
    (x1, y1), (x2, y2) = centre(a), centre(b)
    bend = 18 if x1 == x2 or y1 == y2 else 0
    return (f'<path d="M{x1},{y1} Q{(x1 + x2) / 2 + bend},{(y1 + y2) / 2 + bend} {x2},{y2}" '
            f'fill="none" stroke="{LINK[kind]}" stroke-width="2.5" opacity="0.55">'
            f'<title>{words(kind)}: {a}–{b}</title></path>')


def seat_line(public: dict, seat: int) -> str:
    jokers = ", ".join(map(words, public["jokers"][seat])) or "no jokers"
    return (f"{public['money'][seat]} Taler, {public['vp'][seat]} VP, {jokers}, "
            f"{public['markers_left'][seat]} markers left"
            + ("" if public["subsidy"][seat] else ", subsidy used"))


def draw(public: dict, names: list[str]) -> str:
    width = LEFT + len(COLUMNS) * (CELL_W + GAP) + 10
    body = [svg.text(LEFT + COLUMNS.index(c) * (CELL_W + GAP) + CELL_W / 2, TOP - 10,
                     c + (" T" if c in BOARD.coin_columns else ""), 13, text_anchor="middle",
                     font_weight="bold") for c in COLUMNS]
    body += [svg.text(8, TOP + e * (CELL_H + GAP) + CELL_H / 2, f"Epoch {e + 1}", 12)
             for e in range(5)]
    body += [cell(public, space_id, names) for space_id in BOARD.spaces]
    body += [connection(*c) for c in BOARD.connections]
    y = TOP + 5 * (CELL_H + GAP) + 24
    markers = (f"Area markers: face up {', '.join(public['face_up']) or '-'}; face down "
               f"{', '.join(public['face_down']) or '-'}; in the bag {len(public['bag'])}")
    body.append(svg.text(LEFT, y, f"Epoch {public['epoch']}, round {public['round']}, "
                         f"{public['phase']} phase. Kasse {public['kasse']} Taler. {markers}."))
    body.append(svg.seat_key(LEFT, y + 28, names,
                             [seat_line(public, s) for s in range(len(names))]))
    legend = y + 28 + 22 * len(names)
    body += [f'<line x1="{LEFT + i * 130}" y1="{legend}" x2="{LEFT + i * 130 + 26}" y2="{legend}" '
             f'stroke="{colour}" stroke-width="3"/>' + svg.text(LEFT + i * 130 + 30, legend + 4,
                                                                 words(kind), 12)
             for i, (kind, colour) in enumerate(LINK.items())]
    body.append(svg.text(LEFT, legend + 24, "Circle: ownership marker; bar below: developed; "
                         "thick green frame: open to auction; T: Taler symbol", 12))
    bottom = legend + 46
    if BOARD.provisional:
        body.append(svg.provisional(width - 10, bottom, "this board is built to the rulebook's "
                                    "structure, not the printed board"))
    summary = (f"Industry, epoch {public['epoch']}, round {public['round']}, {public['phase']} "
               f"phase. {count(len(public['owned']), 'space')} owned, "
               f"{sum(o['developed'] for o in public['owned'].values())} developed; open to "
               f"auction: {', '.join(public['available']) or 'none'}. "
               + " ".join(f"{n}: {seat_line(public, s)}." for s, n in enumerate(names))
               + (" Provisional board." if BOARD.provisional else ""))
    return svg.document("industry", "Industry board", summary, width, bottom + 12, body)
