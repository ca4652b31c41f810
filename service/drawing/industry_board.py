"""Industry drawn as SVG from its board data (service/games/industry/data/board.json)
and a public view: the 60 spaces by epoch (rows) and column (A jokers, B-C bonus
spaces, D-I factories, J-L technologies) with cost, needs, product and VP, the
ownership markers (owner's colour), developed spaces (filled), the spaces open to
auction and the one being auctioned, the connections by kind, the area markers and
each seat's money, VP, jokers and markers. The board file is provisional (not the
printed Ystari board) and the picture says so."""
from __future__ import annotations

from service.drawing import svg
from service.games.industry.board import BOARD
from service.games.presentation import Words
from service.games.speech import N_, _, german, ngettext

COLUMNS = "ABCDEFGHIJKL"
CELL_W, CELL_H, GAP, LEFT, TOP = 80, 96, 4, 70, 60
REGION = {"joker": "#efe3c2", "bonus": "#cfe4f5", "factory": "#e6e6e6", "technology": "#e3d4ef"}
LINK = {"road": "#8d6e63", "river": "#1e88e5", "rail": "#222", "pipe": "#00897b",
        "power_line": "#f9a825", "tech_line": "#8e24aa"}
AUCTIONED = "#d81b60"         # the ring round the space under the hammer


# the connections as the rulebook names them (Spielende: "durch eine Straße", "Häfen durch
# Flüsse, Bahnhöfe durch Schienen, Pumpstationen durch Rohre und Elektrizitätswerke durch
# Stromleitungen", technologies "durch eine Linie")
LINK_WORDS = {"road": N_("road"), "river": N_("river"), "rail": N_("rail"), "pipe": N_("pipe"),
              "power_line": N_("power line"), "tech_line": N_("tech line")}
PHASES = {"auction": N_("auction phase"), "development": N_("development phase"), "over": N_("game over")}


def words(name: str | None) -> str:
    return (name or "").replace("_", " ")


def thing(name: str, said: Words) -> str:
    """A resource or joker kind: English as the board always wrote it ("wood"), German
    by the rulebook's name ("Holz")."""
    return said.name(name) if german() else words(name)


def corner(space_id: str) -> tuple[int, int]:
    space = BOARD.spaces[space_id]
    return (LEFT + COLUMNS.index(space["column"]) * (CELL_W + GAP),
            TOP + (space["epoch"] - 1) * (CELL_H + GAP))


def centre(space_id: str) -> tuple[float, float]:
    x, y = corner(space_id)
    return x + CELL_W / 2, y + CELL_H / 2


def facts_of(space: dict, said: Words) -> list[str]:
    """The space's printed facts, one short line each: cost and VP, each resource it
    needs (+), what it makes (→)."""
    if space["kind"] == "joker":
        return [_("joker: {kind}").format(kind=thing(space["joker"], said))]
    vp = _("{points} VP").format(points=space["vp"]) if space.get("vp") else ""
    head = " · ".join(f for f in (f"T{space['cost']}" if "cost" in space else "", vp) if f)
    return ([head] if head else []) + [f"+{thing(r, said)}" for r in space.get("needs", ())] \
        + ([f"→{thing(space['produces'], said)}"] if space.get("produces") else []) \
        + ([_("{points} VP/factory").format(points=space["vp_per_factory"])] if "vp_per_factory" in space else [])


def space_title(space: dict, said: Words) -> str:
    """A space's name as its label prints it: English as the data names it (name_en,
    "Clay pit"), German by the rulebook's name where it has one ("Tongrube"); a joker's
    space "Joker" in both."""
    if space["kind"] == "joker":
        return "Joker"
    german_name = said.game.german.get(space["name"]) if german() else None
    return german_name or space["name_en"]


def cell(public: dict, space_id: str, said: Words) -> str:
    space, x, y = BOARD.spaces[space_id], *corner(space_id)
    owner = public["owned"].get(space_id)
    auction = public.get("auction") or {}
    open_now = space_id in public["available"]
    parts = [f'<rect x="{x}" y="{y}" width="{CELL_W}" height="{CELL_H}" rx="5" '
             f'fill="{REGION[space["kind"]]}" stroke="{"#1b5e20" if open_now else "#777"}" '
             f'stroke-width="{3 if open_now else 1}"/>',
             svg.text(x + 4, y + 12, space_id, 11, font_weight="bold")]
    title = space_title(space, said)
    for i, line in enumerate(title.split(" ", 1) if len(title) > 12 else [title]):
        parts.append(svg.text(x + CELL_W / 2, y + 26 + i * 12, line, 11, text_anchor="middle"))
    for i, fact in enumerate(facts_of(space, said)):
        parts.append(svg.text(x + 4, y + 52 + i * 11, fact, 11))
    told = [f"{space_id} {space.get('name') or space['kind']}"] + facts_of(space, said)   # named by the seam
    if owner:
        colour = svg.seat_colour(owner["seat"])
        parts.append(f'<circle cx="{x + CELL_W - 12}" cy="{y + 12}" r="9" fill="{colour}" '
                     f'stroke="#000" stroke-width="{2 if owner["developed"] else 0.5}"/>')
        if owner["developed"]:
            parts.append(f'<rect x="{x + 2}" y="{y + CELL_H - 10}" width="{CELL_W - 4}" '
                         f'height="8" fill="{colour}"/>')
        told.append((_("owned by {name} since epoch {epoch}, developed") if owner["developed"]
                     else _("owned by {name} since epoch {epoch}, not developed")).format(
            name=said.player(owner["seat"]), epoch=owner["epoch"]))
    elif space_id in public["auctioned"] and space["kind"] == "joker":
        told.append(_("joker taken"))
    if open_now:
        told.append(_("open to auction"))
    if auction.get("space") == space_id:
        bidder = auction.get("high_bidder")
        told.append(_("being auctioned, high bid {bid}").format(bid=auction.get("high_bid"))
                    + (" " + _("by {name}").format(name=said.player(bidder)) if bidder is not None else ""))
        parts.append(f'<rect x="{x - 3}" y="{y - 3}" width="{CELL_W + 6}" height="{CELL_H + 6}" '
                     f'rx="7" fill="none" stroke="{AUCTIONED}" stroke-width="4"/>')
    return svg.described(": ".join([told[0], "; ".join(told[1:])]), parts)


def connection(kind: str, a: str, b: str) -> str:
    (x1, y1), (x2, y2) = centre(a), centre(b)
    bend = 18 if x1 == x2 or y1 == y2 else 0
    return (f'<path d="M{x1},{y1} Q{(x1 + x2) / 2 + bend},{(y1 + y2) / 2 + bend} {x2},{y2}" '
            f'fill="none" stroke="{LINK[kind]}" stroke-width="2.5" opacity="0.55">'
            f'<title>{_(LINK_WORDS[kind])}: {a}–{b}</title></path>')


def seat_line(public: dict, seat: int, said: Words) -> str:
    jokers = ", ".join(thing(j, said) for j in public["jokers"][seat]) or _("no jokers")
    return (_("{money} Taler, {points} VP, {jokers}, {markers} markers left").format(
        money=public["money"][seat], points=public["vp"][seat], jokers=jokers,
        markers=public["markers_left"][seat])
        + ("" if public["subsidy"][seat] else ", " + _("subsidy used")))


def draw(public: dict, said: Words) -> str:
    names = said.players
    width = LEFT + len(COLUMNS) * (CELL_W + GAP) + 10
    body = [svg.text(LEFT + COLUMNS.index(c) * (CELL_W + GAP) + CELL_W / 2, TOP - 10,
                     c + (" T" if c in BOARD.coin_columns else ""), 13, text_anchor="middle",
                     font_weight="bold") for c in COLUMNS]
    body += [svg.text(8, TOP + e * (CELL_H + GAP) + CELL_H / 2, _("Epoch {number}").format(number=e + 1), 12)
             for e in range(5)]
    body += [cell(public, space_id, said) for space_id in BOARD.spaces]
    body += [connection(*c) for c in BOARD.connections]
    y = TOP + 5 * (CELL_H + GAP) + 24
    phase = _(PHASES[public["phase"]])
    markers = _("Area markers: face up {up}; face down {down}; in the bag {bag}").format(
        up=", ".join(public["face_up"]) or "-", down=", ".join(public["face_down"]) or "-", bag=len(public["bag"]))
    body.append(svg.text(LEFT, y, _("Epoch {epoch}, round {round}, {phase}. Kasse {kasse} Taler. {markers}.").format(
        epoch=public["epoch"], round=public["round"], phase=phase, kasse=public["kasse"], markers=markers)))
    body.append(svg.seat_key(LEFT, y + 28, names,
                             [seat_line(public, s, said) for s in range(len(names))]))
    legend = y + 28 + 22 * len(names)
    body += [f'<line x1="{LEFT + i * 130}" y1="{legend}" x2="{LEFT + i * 130 + 26}" y2="{legend}" '
             f'stroke="{colour}" stroke-width="3"/>' + svg.text(LEFT + i * 130 + 30, legend + 4,
                                                                 _(LINK_WORDS[kind]), 12)
             for i, (kind, colour) in enumerate(LINK.items())]
    body.append(svg.text(LEFT, legend + 24, _("Circle: ownership marker; bar below: developed; "
                                              "thick green frame: open to auction; T: Taler symbol"), 12))
    bottom = legend + 46
    if BOARD.provisional:
        body.append(svg.provisional(width - 10, bottom, _("this board is built to the rulebook's "
                                                          "structure, not the printed board")))
    summary = (_("Industry, epoch {epoch}, round {round}, {phase}.").format(
                   epoch=public["epoch"], round=public["round"], phase=phase)
               + " " + ngettext("{number} space owned, {developed} developed; open to auction: {spaces}.",
                                "{number} spaces owned, {developed} developed; open to auction: {spaces}.",
                                len(public["owned"])).format(
                   number=len(public["owned"]), developed=sum(o["developed"] for o in public["owned"].values()),
                   spaces=", ".join(public["available"]) or _("none"))
               + " " + " ".join(f"{n}: {seat_line(public, s, said)}." for s, n in enumerate(names))
               + (" " + _("Provisional board.") if BOARD.provisional else ""))
    return svg.document("industry", _("Industry board"), summary, width, bottom + 12, body)
