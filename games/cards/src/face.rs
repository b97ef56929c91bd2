//! Card faces and backs drawn by the kit with the painter, at any size:
//! a rounded card, corner indices (rank and suit), pips laid out as on
//! real cards for ace to ten, court cards as a framed letter under a
//! drawn crown or cap, backs with a lattice. Face up or down, dimmed,
//! selected, highlighted; an optional four-colour deck.
//!
//! Every pip is one polygon of [`PIP_POINTS`] points (the suit's outline),
//! so a test can count them.

use game_api::{Anchor, Painter, Point, Rgba, Stroke, Style, TextStyle};

use crate::card::{Card, Rank, Suit};

/// A card's height over its width (a poker card's 2.5 × 3.5 inches).
pub const ASPECT: f32 = 1.4;

/// The points of one pip's outline.
pub const PIP_POINTS: usize = 48;

/// How the deck looks: colours shared by every card of a game.
#[derive(Clone, Copy, Debug, PartialEq)]
pub struct DeckStyle {
    /// Four colours (spades black, hearts red, diamonds blue, clubs
    /// green) instead of two: suits told apart at a glance.
    pub four_colour: bool,
    /// The colour of the backs.
    pub back: Rgba,
}

impl Default for DeckStyle {
    fn default() -> Self {
        DeckStyle {
            four_colour: false,
            back: Rgba::rgb(40, 70, 150),
        }
    }
}

impl DeckStyle {
    /// The colour `suit` is printed in.
    pub fn suit_colour(&self, suit: Suit) -> Rgba {
        match (suit, self.four_colour) {
            (Suit::Spades, _) | (Suit::Clubs, false) => Rgba::rgb(20, 20, 20),
            (Suit::Hearts, _) | (Suit::Diamonds, false) => Rgba::rgb(200, 20, 30),
            (Suit::Diamonds, true) => Rgba::rgb(20, 80, 200),
            (Suit::Clubs, true) => Rgba::rgb(20, 130, 40),
        }
    }
}

/// How one card is shown.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub struct Look {
    /// Face up (else its back is shown).
    pub face_up: bool,
    /// Dimmed: greyed over (not playable now, the original's `dim`).
    pub dimmed: bool,
    /// Selected: a thick outline (picked up by keyboard, chosen for a move).
    pub selected: bool,
    /// Highlighted: a drop target that accepts, or the keyboard cursor.
    pub highlighted: bool,
}

impl Look {
    /// Face up, nothing else.
    pub const UP: Look = Look {
        face_up: true,
        dimmed: false,
        selected: false,
        highlighted: false,
    };
    /// Face down, nothing else.
    pub const DOWN: Look = Look {
        face_up: false,
        dimmed: false,
        selected: false,
        highlighted: false,
    };
}

/// The colour of the selection outline.
pub const SELECTED: Rgba = Rgba::rgb(255, 190, 0);

/// The grey wash over a dimmed card (one that cannot be played now): a
/// little darker than its neighbours, every index still readable (the
/// red and black at a contrast of 4.5 or more, as text must be).
pub const DIM: Rgba = Rgba::with_alpha(60, 60, 60, 56);

/// The face's paper.
const PAPER: Rgba = Rgba::rgb(252, 252, 248);
/// The colour of the highlight outline (a legal drop, the cursor).
pub const HIGHLIGHT: Rgba = Rgba::rgb(60, 200, 255);

/// The size of a card `width` wide.
pub fn card_size(width: f32) -> Point {
    Point::new(width, width * ASPECT)
}

fn corner_radius(width: f32) -> f32 {
    width * 0.07
}

/// The part of a card's rounded rectangle (`min`, `size`, corners of
/// radius `r`, on a card `width` wide) worth drawing when only `shown` of
/// the card shows: `shown`, and past it on the sides cards drawn after it
/// cover, twice the radius and a stroke more, so its corners there (and
/// the gaps by the next card's own corners) stay as they were under that
/// card. Whole when `shown` is `None`. A covered card's body drawn whole
/// is long edges of anti-aliasing under the cards after it, which a
/// software renderer still rasterises.
fn drawn_part(
    min: Point,
    size: Point,
    r: f32,
    width: f32,
    shown: Option<(Point, Point)>,
) -> (Point, Point) {
    let Some((at, part)) = shown else {
        return (min, size);
    };
    let reach = 2.0 * r + (width * 0.02).max(2.0);
    let lo = Point::new(min.x.max(at.x - reach), min.y.max(at.y - reach));
    let hi = Point::new(
        (min.x + size.x).min(at.x + part.x + reach),
        (min.y + size.y).min(at.y + part.y + reach),
    );
    if hi.x <= lo.x || hi.y <= lo.y {
        return (min, size);
    }
    (lo, Point::new(hi.x - lo.x, hi.y - lo.y))
}

/// A game's own faces (Memory's pictures): draws the face of `card` on
/// the blank card at `min`, `width` wide (the kit draws the blank card,
/// the back and the marks).
pub type FaceFn = fn(&mut dyn Painter, Card, Point, f32);

/// Draws `card` with its top-left corner at `min`, `width` wide.
pub fn draw_card(
    painter: &mut dyn Painter,
    card: Card,
    min: Point,
    width: f32,
    look: Look,
    deck: &DeckStyle,
) {
    draw_card_with(painter, card, min, width, look, deck, None);
}

/// [`draw_card`], with the face drawn by `custom` when there is one.
pub fn draw_card_with(
    painter: &mut dyn Painter,
    card: Card,
    min: Point,
    width: f32,
    look: Look,
    deck: &DeckStyle,
    custom: Option<FaceFn>,
) {
    draw_card_showing(painter, card, min, width, look, deck, custom, None);
}

/// [`draw_card_with`] for a card of which only `shown` (min and size) will
/// show, the rest covered by cards drawn after it: a back's lattice is
/// drawn there alone. A column of face-down cards shows a strip of each,
/// and each back's lattice is most of its lines, long ones across the
/// whole card, which a renderer sets up however little of them shows.
#[allow(clippy::too_many_arguments)]
pub fn draw_card_showing(
    painter: &mut dyn Painter,
    card: Card,
    min: Point,
    width: f32,
    look: Look,
    deck: &DeckStyle,
    custom: Option<FaceFn>,
    shown: Option<(Point, Point)>,
) {
    let size = card_size(width);
    let r = corner_radius(width);
    if look.face_up {
        let (body_min, body) = drawn_part(min, size, r, width, shown);
        painter.rounded_rect(
            body_min,
            body,
            r,
            Style {
                fill: Some(PAPER),
                stroke: Some(Stroke {
                    width: (width * 0.01).max(1.0),
                    color: Rgba::rgb(90, 90, 90),
                }),
            },
        );
        match custom {
            Some(face) => face(painter, card, min, width),
            None => draw_face(painter, card, min, width, deck),
        }
    } else {
        draw_back_showing(painter, min, width, deck, shown);
    }
    draw_marks(painter, min, width, look);
}

/// Draws the dimming, selection and highlight of `look` over a card (or
/// an empty pile) at `min`, `width` wide.
pub fn draw_marks(painter: &mut dyn Painter, min: Point, width: f32, look: Look) {
    let size = card_size(width);
    let r = corner_radius(width);
    if look.dimmed {
        painter.rounded_rect(min, size, r, Style::solid(DIM));
    }
    for (on, colour, w) in [
        (look.selected, SELECTED, 0.05),
        (look.highlighted, HIGHLIGHT, 0.035),
    ] {
        if on {
            painter.rounded_rect(
                min,
                size,
                r,
                Style {
                    fill: None,
                    stroke: Some(Stroke {
                        width: (width * w).max(2.0),
                        color: colour,
                    }),
                },
            );
        }
    }
}

/// Draws the back of a card: the deck's colour, a white border and a
/// lattice of diamonds.
pub fn draw_back(painter: &mut dyn Painter, min: Point, width: f32, deck: &DeckStyle) {
    draw_back_showing(painter, min, width, deck, None);
}

/// [`draw_back`] with its lattice only where `shown` (min and size; the
/// whole card when `None`) lets it show.
fn draw_back_showing(
    painter: &mut dyn Painter,
    min: Point,
    width: f32,
    deck: &DeckStyle,
    shown: Option<(Point, Point)>,
) {
    let size = card_size(width);
    let r = corner_radius(width);
    let (body_min, body) = drawn_part(min, size, r, width, shown);
    painter.rounded_rect(
        body_min,
        body,
        r,
        Style {
            fill: Some(Rgba::rgb(250, 250, 250)),
            stroke: Some(Stroke {
                width: (width * 0.01).max(1.0),
                color: Rgba::rgb(90, 90, 90),
            }),
        },
    );
    let inset = width * 0.07;
    let inner_min = Point::new(min.x + inset, min.y + inset);
    let inner = Point::new(size.x - 2.0 * inset, size.y - 2.0 * inset);
    let (back_min, back) = drawn_part(inner_min, inner, r * 0.5, width, shown);
    painter.rounded_rect(back_min, back, r * 0.5, Style::solid(deck.back));
    // The lattice's part that shows: the inner rectangle, less what the
    // cards after this one cover (with a pixel under their edges, whose
    // anti-aliasing lets it through).
    let (clip_min, clip_max) = match shown {
        None => (
            inner_min,
            Point::new(inner_min.x + inner.x, inner_min.y + inner.y),
        ),
        Some((at, size)) => (
            Point::new(inner_min.x.max(at.x - 2.0), inner_min.y.max(at.y - 2.0)),
            Point::new(
                (inner_min.x + inner.x).min(at.x + size.x + 2.0),
                (inner_min.y + inner.y).min(at.y + size.y + 2.0),
            ),
        ),
    };
    if clip_max.x <= clip_min.x || clip_max.y <= clip_min.y {
        return draw_back_outline(painter, back_min, back, r, width);
    }
    painter.push_clip(
        clip_min,
        Point::new(clip_max.x - clip_min.x, clip_max.y - clip_min.y),
    );
    let step = width / 6.0;
    let light = Stroke {
        width: (width * 0.012).max(1.0),
        color: Rgba::with_alpha(255, 255, 255, 120),
    };
    // Each line cut to the clip and a pixel past it (its end's
    // anti-aliasing falls outside, where the clip cuts it off).
    let reach = (
        Point::new(clip_min.x - 1.0, clip_min.y - 1.0),
        Point::new(clip_max.x + 1.0, clip_max.y + 1.0),
    );
    let n = ((inner.x + inner.y) / step).ceil() as i32 + 1;
    for i in 0..n {
        let o = i as f32 * step;
        // Lines both ways across the inner rectangle make the lattice.
        let lines = [
            (
                Point::new(inner_min.x + o, inner_min.y),
                Point::new(inner_min.x + o - inner.y, inner_min.y + inner.y),
            ),
            (
                Point::new(inner_min.x + o - inner.y, inner_min.y),
                Point::new(inner_min.x + o, inner_min.y + inner.y),
            ),
        ];
        for (from, to) in lines {
            if let Some((from, to)) = cut_line(from, to, reach) {
                painter.line(from, to, light);
            }
        }
    }
    painter.pop_clip();
    draw_back_outline(painter, back_min, back, r, width);
}

/// The white outline round a back's lattice.
fn draw_back_outline(
    painter: &mut dyn Painter,
    inner_min: Point,
    inner: Point,
    r: f32,
    width: f32,
) {
    painter.rounded_rect(
        inner_min,
        inner,
        r * 0.5,
        Style {
            fill: None,
            stroke: Some(Stroke {
                width: (width * 0.015).max(1.0),
                color: Rgba::rgb(250, 250, 250),
            }),
        },
    );
}

/// The part of the segment from `from` to `to` inside the rectangle `within`
/// (min and max corners), `None` if it misses it (Liang and Barsky).
fn cut_line(from: Point, to: Point, within: (Point, Point)) -> Option<(Point, Point)> {
    let (d_x, d_y) = (to.x - from.x, to.y - from.y);
    let (mut t0, mut t1) = (0.0f32, 1.0f32);
    for (p, q) in [
        (-d_x, from.x - within.0.x),
        (d_x, within.1.x - from.x),
        (-d_y, from.y - within.0.y),
        (d_y, within.1.y - from.y),
    ] {
        if p == 0.0 {
            if q < 0.0 {
                return None;
            }
        } else {
            let t = q / p;
            if p < 0.0 {
                t0 = t0.max(t);
            } else {
                t1 = t1.min(t);
            }
        }
    }
    (t0 < t1).then(|| {
        (
            Point::new(from.x + t0 * d_x, from.y + t0 * d_y),
            Point::new(from.x + t1 * d_x, from.y + t1 * d_y),
        )
    })
}

/// Draws an empty pile's place: a faint rounded outline on the table.
pub fn draw_place(painter: &mut dyn Painter, min: Point, width: f32, look: Look) {
    painter.rounded_rect(
        min,
        card_size(width),
        corner_radius(width),
        Style {
            fill: Some(Rgba::with_alpha(0, 0, 0, 40)),
            stroke: Some(Stroke {
                width: (width * 0.015).max(1.0),
                color: Rgba::with_alpha(255, 255, 255, 110),
            }),
        },
    );
    draw_marks(painter, min, width, look);
}

/// Where the pips of an ace to ten lie, as fractions of the card's width
/// and height, with whether each is upside down (the lower half's are).
/// Court cards have none.
pub fn pip_layout(rank: Rank) -> Vec<(f32, f32, bool)> {
    let (l, m, r) = (0.3, 0.5, 0.7);
    let top = 0.2;
    let bottom = 0.8;
    let mut pips: Vec<(f32, f32)> = match rank.value() {
        1 => vec![(m, 0.5)],
        2 => vec![(m, top), (m, bottom)],
        3 => vec![(m, top), (m, 0.5), (m, bottom)],
        4 => vec![(l, top), (r, top), (l, bottom), (r, bottom)],
        5 => vec![(l, top), (r, top), (m, 0.5), (l, bottom), (r, bottom)],
        6 => vec![
            (l, top),
            (r, top),
            (l, 0.5),
            (r, 0.5),
            (l, bottom),
            (r, bottom),
        ],
        7 => vec![
            (l, top),
            (r, top),
            (m, 0.35),
            (l, 0.5),
            (r, 0.5),
            (l, bottom),
            (r, bottom),
        ],
        8 => vec![
            (l, top),
            (r, top),
            (m, 0.35),
            (l, 0.5),
            (r, 0.5),
            (m, 0.65),
            (l, bottom),
            (r, bottom),
        ],
        9 | 10 => {
            let mut v = Vec::new();
            for y in [top, 0.4, 0.6, bottom] {
                v.push((l, y));
                v.push((r, y));
            }
            if rank.value() == 9 {
                v.push((m, 0.5));
            } else {
                v.push((m, 0.3));
                v.push((m, 0.7));
            }
            v
        }
        _ => Vec::new(),
    };
    pips.sort_by(|a, b| a.1.total_cmp(&b.1).then(a.0.total_cmp(&b.0)));
    pips.into_iter().map(|(x, y)| (x, y, y > 0.5)).collect()
}

fn draw_face(painter: &mut dyn Painter, card: Card, min: Point, width: f32, deck: &DeckStyle) {
    let size = card_size(width);
    let colour = deck.suit_colour(card.suit);
    // Corner indices: rank over a small pip, top-left and bottom-right.
    let font = width * 0.2;
    let corner_x = width * 0.11;
    let index = card.rank.index();
    painter.styled_text(
        Point::new(min.x + corner_x, min.y + width * 0.04),
        Anchor::Top,
        font,
        colour,
        TextStyle::BOLD,
        index,
    );
    draw_pip(
        painter,
        card.suit,
        Point::new(min.x + corner_x, min.y + width * 0.33),
        width * 0.12,
        false,
        colour,
    );
    painter.styled_text(
        Point::new(min.x + size.x - corner_x, min.y + size.y - width * 0.04),
        Anchor::Bottom,
        font,
        colour,
        TextStyle::BOLD,
        index,
    );
    draw_pip(
        painter,
        card.suit,
        Point::new(min.x + size.x - corner_x, min.y + size.y - width * 0.33),
        width * 0.12,
        true,
        colour,
    );
    if card.rank.is_court() {
        draw_court(painter, card, min, width, colour);
    } else {
        let pip = if card.rank == Rank::ACE {
            width * 0.42
        } else {
            width * 0.19
        };
        // Pips keep clear of the indices: laid out in the middle band.
        for (fx, fy, flip) in pip_layout(card.rank) {
            let x = min.x + width * (0.5 + (fx - 0.5) * 1.0);
            let y = min.y + size.y * (0.5 + (fy - 0.5) * 0.95);
            draw_pip(painter, card.suit, Point::new(x, y), pip, flip, colour);
        }
    }
}

fn draw_court(painter: &mut dyn Painter, card: Card, min: Point, width: f32, colour: Rgba) {
    let size = card_size(width);
    let frame_min = Point::new(min.x + width * 0.22, min.y + width * 0.16);
    let frame = Point::new(width * 0.56, size.y - width * 0.32);
    painter.rect(
        frame_min,
        frame,
        Style {
            fill: Some(Rgba::rgb(250, 240, 205)),
            stroke: Some(Stroke {
                width: (width * 0.012).max(1.0),
                color: colour,
            }),
        },
    );
    let cx = frame_min.x + frame.x / 2.0;
    let cy = frame_min.y + frame.y / 2.0;
    let s = width * 0.18;
    // The figure's headgear: a crown of five points (king), three points
    // with pearls (queen), a cap (jack).
    let base_y = cy - s * 0.55;
    let top_y = base_y - s * 0.9;
    let gold = Rgba::rgb(220, 170, 30);
    let outline = Some(Stroke {
        width: (width * 0.01).max(1.0),
        color: colour,
    });
    match card.rank.value() {
        13 | 12 => {
            let points = if card.rank == Rank::KING { 5 } else { 3 };
            let mut crown = vec![Point::new(cx - s, base_y)];
            for i in 0..points {
                let x0 = cx - s + 2.0 * s * i as f32 / points as f32;
                let x1 = cx - s + 2.0 * s * (i as f32 + 0.5) / points as f32;
                if i > 0 {
                    crown.push(Point::new(x0, base_y - s * 0.45));
                }
                crown.push(Point::new(x1, top_y));
            }
            crown.push(Point::new(cx + s, base_y));
            painter.polygon(
                &crown,
                Style {
                    fill: Some(gold),
                    stroke: outline,
                },
            );
            if card.rank == Rank::QUEEN {
                for i in 0..points {
                    let x = cx - s + 2.0 * s * (i as f32 + 0.5) / points as f32;
                    painter.circle(Point::new(x, top_y), s * 0.12, Style::solid(colour));
                }
            }
        }
        _ => {
            painter.polygon(
                &[
                    Point::new(cx - s, base_y),
                    Point::new(cx - s * 0.7, top_y + s * 0.2),
                    Point::new(cx + s * 0.5, top_y),
                    Point::new(cx + s, base_y),
                ],
                Style {
                    fill: Some(colour),
                    stroke: outline,
                },
            );
            painter.circle(
                Point::new(cx + s * 0.5, top_y),
                s * 0.15,
                Style::solid(gold),
            );
        }
    }
    // The face under the headgear, and the large letter as the body.
    painter.circle(
        Point::new(cx, base_y + s * 0.35),
        s * 0.4,
        Style {
            fill: Some(Rgba::rgb(250, 215, 180)),
            stroke: outline,
        },
    );
    painter.styled_text(
        Point::new(cx, cy + s * 0.7),
        Anchor::Center,
        width * 0.34,
        colour,
        TextStyle::BOLD,
        card.rank.index(),
    );
    // Suit pips in the frame's corners, the lower one upside down.
    let pip = width * 0.12;
    draw_pip(
        painter,
        card.suit,
        Point::new(frame_min.x + pip * 0.7, frame_min.y + pip * 0.7),
        pip,
        false,
        colour,
    );
    draw_pip(
        painter,
        card.suit,
        Point::new(
            frame_min.x + frame.x - pip * 0.7,
            frame_min.y + frame.y - pip * 0.7,
        ),
        pip,
        true,
        colour,
    );
}

/// A part of a pip's shape, in a unit box centred on the pip (y down).
enum Part {
    Circle(f32, f32, f32),
    Convex(&'static [(f32, f32)]),
}

fn parts(suit: Suit) -> &'static [Part] {
    use Part::*;
    match suit {
        Suit::Hearts => &[
            Circle(-0.235, -0.2, 0.26),
            Circle(0.235, -0.2, 0.26),
            Convex(&[(-0.48, -0.12), (0.48, -0.12), (0.0, 0.5)]),
        ],
        Suit::Diamonds => &[Convex(&[
            (0.0, -0.5),
            (0.38, 0.0),
            (0.0, 0.5),
            (-0.38, 0.0),
        ])],
        Suit::Spades => &[
            Circle(-0.225, 0.1, 0.23),
            Circle(0.225, 0.1, 0.23),
            Convex(&[(0.0, -0.5), (0.45, 0.05), (-0.45, 0.05)]),
            Convex(&[(0.0, 0.1), (0.16, 0.5), (-0.16, 0.5)]),
        ],
        Suit::Clubs => &[
            Circle(0.0, -0.24, 0.22),
            Circle(-0.24, 0.06, 0.22),
            Circle(0.24, 0.06, 0.22),
            Circle(0.0, 0.0, 0.12),
            Convex(&[(0.0, 0.0), (0.16, 0.5), (-0.16, 0.5)]),
        ],
    }
}

/// How far a ray from the centre in direction `(dx, dy)` runs inside
/// `part` before it leaves it (0 when it misses).
fn exit(part: &Part, dx: f32, dy: f32) -> f32 {
    match *part {
        Part::Circle(cx, cy, r) => {
            let b = dx * cx + dy * cy;
            let disc = b * b - (cx * cx + cy * cy) + r * r;
            if disc < 0.0 {
                0.0
            } else {
                (b + disc.sqrt()).max(0.0)
            }
        }
        Part::Convex(points) => {
            // Clip the ray t ≥ 0 by each edge's half-plane (counter-
            // clockwise or clockwise alike: the inside is the centroid's side).
            let n = points.len() as f32;
            let (gx, gy) = points
                .iter()
                .fold((0.0, 0.0), |(x, y), p| (x + p.0 / n, y + p.1 / n));
            let (mut lo, mut hi) = (0.0f32, f32::INFINITY);
            for i in 0..points.len() {
                let (ax, ay) = points[i];
                let (bx, by) = points[(i + 1) % points.len()];
                let (mut nx, mut ny) = (by - ay, ax - bx);
                if nx * (gx - ax) + ny * (gy - ay) > 0.0 {
                    nx = -nx;
                    ny = -ny;
                }
                // Inside: n · (p - a) <= 0.
                let start = nx * (0.0 - ax) + ny * (0.0 - ay);
                let rate = nx * dx + ny * dy;
                if rate.abs() < 1e-9 {
                    if start > 0.0 {
                        return 0.0;
                    }
                } else {
                    let t = -start / rate;
                    if rate > 0.0 {
                        hi = hi.min(t);
                    } else {
                        lo = lo.max(t);
                    }
                }
            }
            if lo <= hi { hi } else { 0.0 }
        }
    }
}

/// The outline of a pip of `suit`, `size` tall, centred at `center`,
/// upside down when `flip`: [`PIP_POINTS`] points.
pub fn pip_outline(suit: Suit, center: Point, size: f32, flip: bool) -> Vec<Point> {
    let sign = if flip { -size } else { size };
    unit_outline(suit)
        .iter()
        .map(|&(x, y)| Point::new(center.x + sign * x, center.y + sign * y))
        .collect()
}

/// A pip's outline in a unit box, computed once per suit.
fn unit_outline(suit: Suit) -> &'static [(f32, f32)] {
    static OUTLINES: std::sync::OnceLock<[Vec<(f32, f32)>; 4]> = std::sync::OnceLock::new();
    let all = OUTLINES.get_or_init(|| {
        Suit::ALL.map(|suit| {
            (0..PIP_POINTS)
                .map(|i| {
                    let a = std::f32::consts::TAU * i as f32 / PIP_POINTS as f32;
                    let (dy, dx) = a.sin_cos();
                    let r = parts(suit)
                        .iter()
                        .map(|p| exit(p, dx, dy))
                        .fold(0.0, f32::max);
                    (dx * r, dy * r)
                })
                .collect()
        })
    });
    &all[suit as usize]
}

/// Draws one pip of `suit`, `size` tall, centred at `center`.
pub fn draw_pip(
    painter: &mut dyn Painter,
    suit: Suit,
    center: Point,
    size: f32,
    flip: bool,
    colour: Rgba,
) {
    painter.polygon(&pip_outline(suit, center, size, flip), Style::solid(colour));
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::card::deck;
    use game_api::{RecordingPainter, Shape};

    fn draw(card: Card, look: Look, deck_style: &DeckStyle) -> RecordingPainter {
        let mut p = RecordingPainter::new();
        draw_card(
            &mut p,
            card,
            Point::new(10.0, 20.0),
            100.0,
            look,
            deck_style,
        );
        p
    }

    fn pips(p: &RecordingPainter) -> usize {
        p.shapes
            .iter()
            .filter(|s| matches!(s, Shape::Polygon { points, .. } if points.len() == PIP_POINTS))
            .count()
    }

    fn texts(p: &RecordingPainter) -> Vec<String> {
        p.shapes
            .iter()
            .filter_map(|s| match s {
                Shape::StyledText { text, .. } | Shape::Text { text, .. } => Some(text.clone()),
                _ => None,
            })
            .collect()
    }

    #[test]
    fn every_face_has_its_indices_and_its_pips() {
        let style = DeckStyle::default();
        for card in deck() {
            let p = draw(card, Look::UP, &style);
            let t = texts(&p);
            let corner = t.iter().filter(|s| *s == card.rank.index()).count();
            // Two corner indices; a court card's big letter too.
            let expected = if card.rank.is_court() { 3 } else { 2 };
            assert_eq!(corner, expected, "{card}: {t:?}");
            assert_eq!(t.len(), expected, "{card}");
            // Two small pips under the indices, then the rank's pips (a
            // court card has two in its frame).
            let body = if card.rank.is_court() {
                2
            } else {
                usize::from(card.rank.value())
            };
            assert_eq!(pips(&p), 2 + body, "{card}");
            // Every pip in the suit's colour, inside the card.
            for s in &p.shapes {
                if let Shape::Polygon { points, style } = s
                    && points.len() == PIP_POINTS
                {
                    assert_eq!(style.fill, Some(style_colour(card)));
                    for q in points {
                        assert!(q.x > 10.0 && q.x < 110.0 && q.y > 20.0 && q.y < 160.0);
                    }
                }
            }
        }
    }

    fn style_colour(card: Card) -> Rgba {
        DeckStyle::default().suit_colour(card.suit)
    }

    #[test]
    fn pip_layouts_as_on_real_cards() {
        for rank in Rank::ALL {
            let layout = pip_layout(rank);
            let n = if rank.is_court() {
                0
            } else {
                usize::from(rank.value())
            };
            assert_eq!(layout.len(), n, "{rank}");
            // Symmetric left to right: the x's sum to half the count.
            let sx: f32 = layout.iter().map(|p| p.0).sum();
            assert!((sx - 0.5 * n as f32).abs() < 1e-4, "{rank}");
            // The lower half's pips are upside down.
            assert!(layout.iter().all(|&(_, y, flip)| flip == (y > 0.5)));
        }
        // Odd ranks have a middle pip; even ranks above five none on the centre line.
        assert!(pip_layout(Rank::new(5).unwrap()).contains(&(0.5, 0.5, false)));
        assert!(!pip_layout(Rank::TEN).iter().any(|p| p.1 == 0.5));
    }

    #[test]
    fn backs_hide_the_card() {
        let p = draw(
            Card::new(Rank::ACE, Suit::Spades),
            Look::DOWN,
            &DeckStyle::default(),
        );
        assert!(texts(&p).is_empty());
        assert_eq!(pips(&p), 0);
        assert!(p.shapes.iter().any(|s| matches!(s, Shape::Line { .. })));
    }

    #[test]
    fn a_covered_back_draws_its_lattice_where_it_shows() {
        let deck = DeckStyle::default();
        let card = Card::new(Rank::ACE, Suit::Spades);
        let lines = |shown: Option<(Point, Point)>| -> Vec<(Point, Point)> {
            let mut p = RecordingPainter::new();
            let min = Point::new(10.0, 20.0);
            draw_card_showing(&mut p, card, min, 80.0, Look::DOWN, &deck, None, shown);
            p.shapes
                .iter()
                .filter_map(|s| match s {
                    Shape::Line { from, to, .. } => Some((*from, *to)),
                    _ => None,
                })
                .collect()
        };
        let whole = lines(None);
        // The strip a fanned column leaves of it: 10 of its 112 high.
        let strip = lines(Some((Point::new(10.0, 20.0), Point::new(80.0, 10.0))));
        assert!(!strip.is_empty(), "the strip shows its lattice");
        assert!(
            strip.len() * 2 <= whole.len(),
            "{} lines for the strip, {} for the card",
            strip.len(),
            whole.len()
        );
        // Every line ends within the strip, with the margin under the edge
        // of the next card and a pixel for anti-aliasing.
        for (from, to) in strip {
            for p in [from, to] {
                assert!((20.0 - 3.5..=30.0 + 3.5).contains(&p.y), "{p:?}");
            }
        }
        // Wholly covered: the back and no lattice.
        assert!(lines(Some((Point::new(10.0, 20.0), Point::new(80.0, 0.0)))).is_empty());
    }

    #[test]
    fn four_colours_tell_the_suits_apart() {
        let two = DeckStyle::default();
        let four = DeckStyle {
            four_colour: true,
            ..two
        };
        assert_eq!(two.suit_colour(Suit::Clubs), two.suit_colour(Suit::Spades));
        assert_eq!(
            two.suit_colour(Suit::Hearts),
            two.suit_colour(Suit::Diamonds)
        );
        let colours: std::collections::HashSet<_> = Suit::ALL
            .iter()
            .map(|&s| {
                let c = four.suit_colour(s);
                (c.r, c.g, c.b)
            })
            .collect();
        assert_eq!(colours.len(), 4);
    }

    /// `top` (with its alpha) over the opaque `under`.
    fn over(top: Rgba, under: Rgba) -> Rgba {
        let a = f32::from(top.a) / 255.0;
        let mix = |t: u8, u: u8| (f32::from(t) * a + f32::from(u) * (1.0 - a)).round() as u8;
        Rgba::rgb(
            mix(top.r, under.r),
            mix(top.g, under.g),
            mix(top.b, under.b),
        )
    }

    /// WCAG's contrast ratio of two opaque colours.
    fn contrast(a: Rgba, b: Rgba) -> f32 {
        let lum = |c: Rgba| {
            let lin = |v: u8| {
                let v = f32::from(v) / 255.0;
                if v <= 0.039_28 {
                    v / 12.92
                } else {
                    ((v + 0.055) / 1.055).powf(2.4)
                }
            };
            0.2126 * lin(c.r) + 0.7152 * lin(c.g) + 0.0722 * lin(c.b)
        };
        let (hi, lo) = (lum(a).max(lum(b)), lum(a).min(lum(b)));
        (hi + 0.05) / (lo + 0.05)
    }

    #[test]
    fn a_dimmed_card_is_a_little_darker_and_still_readable() {
        let paper = over(DIM, PAPER);
        assert!(PAPER.r - paper.r >= 30, "the dimming shows: {paper:?}");
        for four_colour in [false, true] {
            let deck = DeckStyle {
                four_colour,
                ..DeckStyle::default()
            };
            for suit in Suit::ALL {
                let ink = over(DIM, deck.suit_colour(suit));
                let ratio = contrast(ink, paper);
                // Text's 4.5 for the usual red and black; the four-colour
                // deck's green is 4.8 undimmed, so 3 (large text) there.
                let wanted = if four_colour { 3.0 } else { 4.5 };
                assert!(
                    ratio >= wanted,
                    "{suit:?} (four colours: {four_colour}): {ratio:.2}"
                );
            }
        }
    }

    #[test]
    fn dimmed_selected_and_highlighted_are_drawn_over() {
        let card = Card::new(Rank::KING, Suit::Hearts);
        let plain = draw(card, Look::UP, &DeckStyle::default()).shapes.len();
        let marked = draw(
            card,
            Look {
                dimmed: true,
                selected: true,
                highlighted: true,
                ..Look::UP
            },
            &DeckStyle::default(),
        );
        assert_eq!(marked.shapes.len(), plain + 3);
        let outline = |c: Rgba| {
            marked.shapes.iter().any(|s| {
                matches!(s, Shape::RoundedRect { style, .. }
                    if style.stroke.map(|k| k.color) == Some(c))
            })
        };
        assert!(outline(SELECTED) && outline(HIGHLIGHT));
    }

    #[test]
    fn pips_scale_with_the_card() {
        for suit in Suit::ALL {
            let small = pip_outline(suit, Point::new(0.0, 0.0), 10.0, false);
            let big = pip_outline(suit, Point::new(0.0, 0.0), 40.0, false);
            for (a, b) in small.iter().zip(&big) {
                assert!((a.x * 4.0 - b.x).abs() < 1e-3 && (a.y * 4.0 - b.y).abs() < 1e-3);
            }
            // Every pip fills most of its box and stays inside it.
            let h = small.iter().map(|p| p.y).fold(f32::MIN, f32::max)
                - small.iter().map(|p| p.y).fold(f32::MAX, f32::min);
            assert!(h > 8.0 && h <= 10.01, "{suit}: {h}");
        }
    }
}

/// Draws `card` turned clockwise by `quarter_turns` quarter turns (the
/// original's `rotate-card`), in the box at `min` it takes turned: a card
/// on its side is `width × ASPECT` wide and `width` tall. The corner
/// indices stay upright to be read.
#[allow(clippy::too_many_arguments)]
pub fn draw_card_turned(
    painter: &mut dyn Painter,
    card: Card,
    min: Point,
    width: f32,
    look: Look,
    deck: &DeckStyle,
    quarter_turns: u8,
    custom: Option<FaceFn>,
) {
    let size = card_size(width);
    let mut turned = Turned {
        inner: painter,
        min,
        size,
        turns: quarter_turns % 4,
    };
    draw_card_with(
        &mut turned,
        card,
        Point::new(0.0, 0.0),
        width,
        look,
        deck,
        custom,
    );
}

/// A painter that turns what is drawn in a card's own frame (origin at its
/// corner, `size` upright) by quarter turns into the box at `min`.
struct Turned<'a> {
    inner: &'a mut dyn Painter,
    min: Point,
    size: Point,
    turns: u8,
}

impl Turned<'_> {
    fn map(&self, p: Point) -> Point {
        let (w, h) = (self.size.x, self.size.y);
        let (x, y) = match self.turns {
            1 => (h - p.y, p.x),
            2 => (w - p.x, h - p.y),
            3 => (p.y, w - p.x),
            _ => (p.x, p.y),
        };
        Point::new(self.min.x + x, self.min.y + y)
    }

    fn map_rect(&self, min: Point, size: Point) -> (Point, Point) {
        let a = self.map(min);
        let b = self.map(Point::new(min.x + size.x, min.y + size.y));
        (
            Point::new(a.x.min(b.x), a.y.min(b.y)),
            Point::new((a.x - b.x).abs(), (a.y - b.y).abs()),
        )
    }
}

impl Painter for Turned<'_> {
    fn circle(&mut self, center: Point, radius: f32, style: Style) {
        let c = self.map(center);
        self.inner.circle(c, radius, style);
    }
    fn ellipse(&mut self, center: Point, rx: f32, ry: f32, style: Style) {
        let c = self.map(center);
        let (rx, ry) = if self.turns % 2 == 1 {
            (ry, rx)
        } else {
            (rx, ry)
        };
        self.inner.ellipse(c, rx, ry, style);
    }
    fn polygon(&mut self, points: &[Point], style: Style) {
        let mapped: Vec<Point> = points.iter().map(|&p| self.map(p)).collect();
        self.inner.polygon(&mapped, style);
    }
    fn line(&mut self, from: Point, to: Point, stroke: Stroke) {
        let (a, b) = (self.map(from), self.map(to));
        self.inner.line(a, b, stroke);
    }
    fn rect(&mut self, min: Point, size: Point, style: Style) {
        let (m, s) = self.map_rect(min, size);
        self.inner.rect(m, s, style);
    }
    fn rounded_rect(&mut self, min: Point, size: Point, radius: f32, style: Style) {
        let (m, s) = self.map_rect(min, size);
        self.inner.rounded_rect(m, s, radius, style);
    }
    fn text(&mut self, pos: Point, anchor: Anchor, font_size: f32, color: Rgba, text: &str) {
        let p = self.map(pos);
        self.inner
            .text(p, anchor_turned(anchor, self.turns), font_size, color, text);
    }
    fn styled_text(
        &mut self,
        pos: Point,
        anchor: Anchor,
        font_size: f32,
        color: Rgba,
        style: TextStyle,
        text: &str,
    ) {
        let p = self.map(pos);
        let a = anchor_turned(anchor, self.turns);
        self.inner.styled_text(p, a, font_size, color, style, text);
    }
    fn push_clip(&mut self, min: Point, size: Point) {
        let (m, s) = self.map_rect(min, size);
        self.inner.push_clip(m, s);
    }
    fn pop_clip(&mut self) {
        self.inner.pop_clip();
    }
}

/// The anchor that keeps upright text on the same side of its point once
/// the frame is turned (the top of a text turned a quarter clockwise
/// faces right: it is anchored by its right edge).
fn anchor_turned(anchor: Anchor, turns: u8) -> Anchor {
    let (fx, fy) = anchor.fractions();
    let (x, y) = match turns % 4 {
        1 => (1.0 - fy, fx),
        2 => (1.0 - fx, 1.0 - fy),
        3 => (fy, 1.0 - fx),
        _ => (fx, fy),
    };
    Anchor::ALL
        .into_iter()
        .find(|a| a.fractions() == (x, y))
        .unwrap_or(anchor)
}

#[cfg(test)]
mod turned_tests {
    use super::*;
    use game_api::{RecordingPainter, Shape};

    fn bounds(p: &RecordingPainter) -> (f32, f32, f32, f32) {
        let mut b = (f32::MAX, f32::MAX, f32::MIN, f32::MIN);
        for s in &p.shapes {
            if let Shape::RoundedRect { min, size, .. } = s {
                b = (
                    b.0.min(min.x),
                    b.1.min(min.y),
                    b.2.max(min.x + size.x),
                    b.3.max(min.y + size.y),
                );
            }
        }
        b
    }

    #[test]
    fn a_card_on_its_side_is_wider_than_tall() {
        let card = Card::new(Rank::new(7).unwrap(), Suit::Hearts);
        let style = DeckStyle::default();
        let origin = Point::new(10.0, 10.0);
        for turns in 0..4u8 {
            let mut p = RecordingPainter::new();
            draw_card_turned(&mut p, card, origin, 100.0, Look::UP, &style, turns, None);
            let (x0, y0, x1, y1) = bounds(&p);
            let (w, h) = if turns % 2 == 1 {
                (140.0, 100.0)
            } else {
                (100.0, 140.0)
            };
            assert!(
                (x0 - 10.0).abs() < 0.01 && (y0 - 10.0).abs() < 0.01,
                "{turns}"
            );
            assert!(
                (x1 - x0 - w).abs() < 0.01 && (y1 - y0 - h).abs() < 0.01,
                "{turns}"
            );
            // Every pip still inside the turned card; all seven and the
            // two corner pips drawn.
            let mut pips = 0;
            for s in &p.shapes {
                if let Shape::Polygon { points, .. } = s
                    && points.len() == PIP_POINTS
                {
                    pips += 1;
                    assert!(
                        points
                            .iter()
                            .all(|q| q.x > x0 && q.x < x1 && q.y > y0 && q.y < y1)
                    );
                }
            }
            assert_eq!(pips, 9);
        }
        // Turned upside down, the top-left index is at the bottom right.
        let mut p = RecordingPainter::new();
        draw_card_turned(&mut p, card, origin, 100.0, Look::UP, &style, 2, None);
        let first = p.shapes.iter().find_map(|s| match s {
            Shape::StyledText { pos, anchor, .. } => Some((*pos, *anchor)),
            _ => None,
        });
        let (pos, anchor) = first.unwrap();
        assert!(pos.x > 90.0 && pos.y > 130.0);
        assert_eq!(anchor, Anchor::Bottom);
    }
}
