//! A card table: piles (stacked, fanned down, fanned right, spread),
//! buttons and a background, laid out to the canvas the launcher gives
//! ([`Table::lay_out`], from `Game::lay_out_canvas`), drawn with the kit's
//! faces, hit-tested, and described to screen readers as
//! [`game_api::Region`]s ("seven of hearts, face up, top of tableau 3").
//!
//! Places are given on a grid whose unit is a card (columns a card's width
//! apart, rows a card's height), so a layout is the same at every size:
//! the kit picks the card width that fits the grid into the canvas.

use game_api::{Anchor, Painter, Point, Region, Rgba, Stroke, Style, TextStyle};

use crate::card::Card;
use crate::face::{
    ASPECT, DeckStyle, FaceFn, Look, card_size, draw_card_showing, draw_card_turned, draw_place,
};

/// How a pile shows its cards.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Fan {
    /// Squared up: only the top card shows (a stock, a foundation).
    Stacked,
    /// Each card a little below the one under it (a tableau column).
    Down,
    /// Each card a little right of the one under it (a hand, a waste).
    Right,
    /// Side by side, a whole card apart (a row of cards on show).
    Spread,
}

/// A card on the table and how it shows.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct TableCard {
    /// The card.
    pub card: Card,
    /// Face up.
    pub face_up: bool,
    /// Dimmed (greyed: not playable now).
    pub dimmed: bool,
    /// Selected.
    pub selected: bool,
    /// Clockwise quarter turns (the original's `rotate-card`): drawn
    /// turned about its place's centre; hit testing keeps the upright
    /// place.
    pub quarter_turns: u8,
}

impl TableCard {
    /// `card` face up.
    pub fn up(card: Card) -> TableCard {
        TableCard {
            card,
            face_up: true,
            dimmed: false,
            selected: false,
            quarter_turns: 0,
        }
    }

    /// `card` face down.
    pub fn down(card: Card) -> TableCard {
        TableCard {
            face_up: false,
            ..TableCard::up(card)
        }
    }

    fn look(&self) -> Look {
        Look {
            face_up: self.face_up,
            dimmed: self.dimmed,
            selected: self.selected,
            highlighted: false,
        }
    }
}

/// A pile: a named place on the grid and its cards, the bottom first.
#[derive(Clone, Debug, PartialEq)]
pub struct Pile {
    /// Its name for screen readers and status lines: "tableau 3".
    pub name: String,
    /// Its place: column and row in card units (fractions allowed).
    pub at: (f32, f32),
    /// How it shows its cards.
    pub fan: Fan,
    /// Its cards, the bottom first (the top is the last).
    pub cards: Vec<TableCard>,
    /// How far (in card units, beyond the first card) a fanned pile may
    /// reach before its cards close up; `None`: to the canvas's edge.
    pub reach: Option<f32>,
    /// Highlighted (a legal drop target, the keyboard cursor).
    pub highlighted: bool,
    /// A fanned pile that fans only its top N cards (draw three's waste):
    /// the cards under them lie squared up beneath the first of the N.
    /// `None` fans every card.
    pub fan_top: Option<usize>,
}

impl Pile {
    /// An empty pile named `name` at column and row `at`.
    pub fn new(name: impl Into<String>, at: (f32, f32), fan: Fan) -> Pile {
        Pile {
            name: name.into(),
            at,
            fan,
            cards: Vec::new(),
            reach: None,
            highlighted: false,
            fan_top: None,
        }
    }

    /// The same pile, fanning only its top `n` cards ([`Pile::fan_top`]).
    pub fn fanning_top(mut self, n: usize) -> Pile {
        self.fan_top = Some(n);
        self
    }

    /// The index of the lowest card that shows: the top card of a stacked
    /// pile, the first of the top N of a pile fanning only those, else 0.
    pub fn first_shown(&self) -> usize {
        let n = self.cards.len();
        match (self.fan, self.fan_top) {
            (Fan::Stacked, _) => n.saturating_sub(1),
            (_, Some(top)) => n.saturating_sub(top.max(1)),
            _ => 0,
        }
    }
}

/// A button drawn on the table (the original's button regions): "Deal".
#[derive(Clone, Debug, PartialEq)]
pub struct Button {
    /// What the game gets when it is pressed ([`Hit::Button`]).
    pub id: String,
    /// Its label.
    pub label: String,
    /// Its place, column and row in card units.
    pub at: (f32, f32),
    /// Its size in card units (1 × 0.4 is a card wide, a bar high).
    pub size: (f32, f32),
    /// Whether it can be pressed now (a disabled one is greyed and not hit).
    pub enabled: bool,
}

/// What lies under a point.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum Hit {
    /// The card at `index` (0 the bottom) of pile `pile`.
    Card {
        /// The pile's index in [`Table::piles`].
        pile: usize,
        /// The card's index in the pile.
        index: usize,
    },
    /// An empty pile's place.
    Pile(usize),
    /// A button, by id.
    Button(String),
    /// The table itself.
    Background,
}

/// The geometry of the table at the canvas size it was laid out to.
#[derive(Clone, Copy, Debug, PartialEq)]
pub struct Layout {
    /// The canvas size.
    pub canvas: Point,
    /// A card's width in canvas pixels.
    pub card_width: f32,
    /// The space between columns and rows.
    pub gap: f32,
    /// The top-left corner of the grid's column 0, row 0.
    pub origin: Point,
}

impl Layout {
    /// A card's size.
    pub fn card(&self) -> Point {
        card_size(self.card_width)
    }

    /// The canvas point of grid place `(col, row)`.
    pub fn place(&self, (col, row): (f32, f32)) -> Point {
        let c = self.card();
        Point::new(
            self.origin.x + col * (c.x + self.gap),
            self.origin.y + row * (c.y + self.gap),
        )
    }

    /// A length of `units` card widths (columns) in pixels.
    pub fn across(&self, units: f32) -> f32 {
        units * (self.card_width + self.gap)
    }

    /// A length of `units` card heights (rows) in pixels.
    pub fn down(&self, units: f32) -> f32 {
        units * (self.card().y + self.gap)
    }

    /// A player's area on the table from grid place `(x0, y0)` to
    /// `(x1, y1)`, half a gap out from the cards: its corner and size.
    pub fn area(&self, (x0, y0, x1, y1): (f32, f32, f32, f32)) -> (Point, Point) {
        let min = self.place((x0, y0));
        let max = self.place((x1, y1));
        let half = self.gap / 2.0;
        (
            Point::new(min.x - half, min.y - half),
            Point::new(max.x - min.x, max.y - min.y),
        )
    }

    /// Draws a player's area `(corner, size)` ([`Layout::area`]): a frame,
    /// lit (thicker, gold) on that player's turn, and `label` ("You: 5
    /// cards, 2 pairs") in bold in its top-left corner.
    pub fn draw_area(
        &self,
        painter: &mut dyn Painter,
        (min, size): (Point, Point),
        lit: bool,
        label: &str,
    ) {
        let w = self.card_width;
        let (width, color) = if lit {
            (3.0, Rgba::rgb(255, 230, 120))
        } else {
            (1.0, Rgba::rgb(200, 225, 205))
        };
        painter.rounded_rect(
            min,
            size,
            w * 0.08,
            Style {
                fill: None,
                stroke: Some(Stroke { width, color }),
            },
        );
        painter.styled_text(
            Point::new(min.x + self.gap, min.y + self.gap * 0.6),
            Anchor::TopLeft,
            w * 0.17,
            Rgba::rgb(235, 245, 235),
            TextStyle::BOLD,
            label,
        );
    }

    /// Draws `text`, how the game ended ("You win!"), in bold gold
    /// ([`RESULT_INK`]) centred at `at`, `height` card widths high.
    pub fn draw_result(&self, painter: &mut dyn Painter, at: Point, height: f32, text: &str) {
        painter.styled_text(
            at,
            Anchor::Center,
            self.card_width * height,
            RESULT_INK,
            TextStyle::BOLD,
            text,
        );
    }
}

/// The colour of how a game ended, said over the table: a pale gold.
pub const RESULT_INK: Rgba = Rgba::rgb(255, 240, 160);

/// The table: piles, buttons, a background, and their layout.
#[derive(Clone, Debug, PartialEq)]
pub struct Table {
    /// The piles, in reading order (the keyboard cursor's order too).
    pub piles: Vec<Pile>,
    /// The buttons.
    pub buttons: Vec<Button>,
    /// The grid's size in card units: columns across, rows down (a
    /// fanned pile's room included).
    pub grid: (f32, f32),
    /// The background's colour (the original's green felt).
    pub background: Rgba,
    /// How the cards look.
    pub deck: DeckStyle,
    /// A game's own faces and names, instead of the standard ones.
    pub faces: Faces,
    /// The smallest and largest card width the layout picks.
    pub card_widths: (f32, f32),
    layout: Layout,
}

/// A game's own card faces and their names for screen readers (Memory's
/// picture cards stand for cards of the deck): `None` keeps the standard
/// ones.
#[derive(Clone, Copy, Debug, Default)]
pub struct Faces {
    /// Draws a face-up card's face on the blank card.
    pub draw: Option<FaceFn>,
    /// Names a face-up card ("a red kite").
    pub name: Option<fn(Card) -> String>,
}

impl Faces {
    /// The name of a face-up `card`.
    pub fn name(&self, card: Card) -> String {
        match self.name {
            Some(name) => name(card),
            None => card.name(),
        }
    }
}

impl PartialEq for Faces {
    fn eq(&self, other: &Faces) -> bool {
        let same_draw = match (self.draw, other.draw) {
            (Some(a), Some(b)) => std::ptr::fn_addr_eq(a, b),
            (a, b) => a.is_none() && b.is_none(),
        };
        let same_name = match (self.name, other.name) {
            (Some(a), Some(b)) => std::ptr::fn_addr_eq(a, b),
            (a, b) => a.is_none() && b.is_none(),
        };
        same_draw && same_name
    }
}

/// The green of the felt.
pub const FELT: Rgba = Rgba::rgb(30, 110, 60);

impl Table {
    /// A table whose grid is `cols` × `rows` card units, laid out to the
    /// size a card 80 pixels wide gives until [`Table::lay_out`] is called.
    pub fn new(cols: f32, rows: f32) -> Table {
        let mut table = Table {
            piles: Vec::new(),
            buttons: Vec::new(),
            grid: (cols, rows),
            background: FELT,
            deck: DeckStyle::default(),
            faces: Faces::default(),
            card_widths: (24.0, 160.0),
            layout: Layout {
                canvas: Point::new(0.0, 0.0),
                card_width: 80.0,
                gap: 0.0,
                origin: Point::new(0.0, 0.0),
            },
        };
        let w = 80.0;
        let gap = w * GAP;
        let canvas = Point::new(gap + cols * (w + gap), gap + rows * (w * ASPECT + gap));
        table.lay_out(canvas);
        table
    }

    /// Adds a pile; its index.
    pub fn add_pile(&mut self, pile: Pile) -> usize {
        self.piles.push(pile);
        self.piles.len() - 1
    }

    /// Adds a button.
    pub fn add_button(&mut self, id: &str, label: &str, at: (f32, f32), size: (f32, f32)) {
        self.buttons.push(Button {
            id: id.into(),
            label: label.into(),
            at,
            size,
            enabled: true,
        });
    }

    /// The layout now.
    pub fn layout(&self) -> Layout {
        self.layout
    }

    /// The canvas size laid out to (what `Game::canvas_size` answers).
    pub fn canvas_size(&self) -> Point {
        self.layout.canvas
    }

    /// Lays the table out to a canvas of `size`: the largest card (within
    /// [`Table::card_widths`]) whose grid fits, the grid centred across.
    pub fn lay_out(&mut self, size: Point) {
        let (cols, rows) = self.grid;
        // A column is w(1 + GAP), a row w(ASPECT + GAP), plus one gap.
        let by_width = size.x / (cols * (1.0 + GAP) + GAP);
        let by_height = size.y / (rows * (ASPECT + GAP) + GAP);
        let w = by_width
            .min(by_height)
            .clamp(self.card_widths.0, self.card_widths.1);
        let gap = w * GAP;
        let used = gap + cols * (w + gap);
        let x0 = ((size.x - used) / 2.0).max(0.0) + gap;
        self.layout = Layout {
            canvas: size,
            card_width: w,
            gap,
            origin: Point::new(x0, gap),
        };
    }

    /// The fanning step of pile `pile` between card `index - 1` and
    /// `index`, in pixels (across for [`Fan::Right`] and [`Fan::Spread`],
    /// down for [`Fan::Down`]).
    fn steps(&self, pile: usize) -> Vec<f32> {
        let p = &self.piles[pile];
        let l = self.layout;
        let n = p.cards.len();
        let first_shown = p.first_shown();
        let wanted: Vec<f32> = (1..n)
            .map(|i| {
                let under = p.cards[i - 1];
                if i <= first_shown {
                    return 0.0; // squared up under the cards that fan
                }
                match p.fan {
                    Fan::Stacked => 0.0,
                    Fan::Spread => l.card_width + l.gap,
                    Fan::Down if under.face_up => l.card_width * 0.3,
                    Fan::Down => l.card_width * 0.12,
                    Fan::Right if under.face_up => l.card_width * 0.28,
                    Fan::Right => l.card_width * 0.12,
                }
            })
            .collect();
        let start = l.place(p.at);
        let room = match (p.fan, p.reach) {
            (Fan::Stacked, _) => return wanted,
            (_, Some(units)) if p.fan == Fan::Down => units * l.card().y,
            (_, Some(units)) => units * l.card_width,
            (Fan::Down, None) => l.canvas.y - l.gap - start.y - l.card().y,
            (_, None) => l.canvas.x - l.gap - start.x - l.card_width,
        };
        let total: f32 = wanted.iter().sum();
        if total > room && total > 0.0 {
            let k = (room.max(0.0)) / total;
            wanted.into_iter().map(|s| s * k).collect()
        } else {
            wanted
        }
    }

    /// Where card `index` of pile `pile` lies (its top-left corner).
    pub fn card_pos(&self, pile: usize, index: usize) -> Point {
        let p = &self.piles[pile];
        let start = self.layout.place(p.at);
        let offset: f32 = self.steps(pile).iter().take(index).sum();
        match p.fan {
            Fan::Down => Point::new(start.x, start.y + offset),
            _ => Point::new(start.x + offset, start.y),
        }
    }

    /// The rectangle a pile covers (its place when empty): min and size.
    pub fn pile_rect(&self, pile: usize) -> (Point, Point) {
        let min = self.layout.place(self.piles[pile].at);
        let card = self.layout.card();
        let n = self.piles[pile].cards.len();
        if n <= 1 {
            return (min, card);
        }
        let last = self.card_pos(pile, n - 1);
        (
            min,
            Point::new(last.x - min.x + card.x, last.y - min.y + card.y),
        )
    }

    /// The part of card `index` of pile `pile` that shows (the top card
    /// whole, a card under it the strip the next leaves uncovered).
    pub fn visible_rect(&self, pile: usize, index: usize) -> (Point, Point) {
        let p = &self.piles[pile];
        let pos = self.card_pos(pile, index);
        let card = self.layout.card();
        if index + 1 >= p.cards.len() {
            return (pos, card);
        }
        let next = self.card_pos(pile, index + 1);
        match p.fan {
            Fan::Stacked => (pos, Point::new(0.0, 0.0)),
            Fan::Down => (pos, Point::new(card.x, (next.y - pos.y).min(card.y))),
            Fan::Right | Fan::Spread => (pos, Point::new((next.x - pos.x).min(card.x), card.y)),
        }
    }

    /// A button's rectangle.
    pub fn button_rect(&self, button: &Button) -> (Point, Point) {
        let l = self.layout;
        (
            l.place(button.at),
            Point::new(button.size.0 * l.card_width, button.size.1 * l.card().y),
        )
    }

    /// What lies under `pos`: the topmost card, else an empty pile's place
    /// (or a stacked pile's), else an enabled button, else the table.
    pub fn hit(&self, pos: Point) -> Hit {
        let inside = |(min, size): (Point, Point)| {
            pos.x >= min.x && pos.y >= min.y && pos.x < min.x + size.x && pos.y < min.y + size.y
        };
        for b in &self.buttons {
            if b.enabled && inside(self.button_rect(b)) {
                return Hit::Button(b.id.clone());
            }
        }
        // Later piles are drawn over earlier ones: look from the last.
        for pile in (0..self.piles.len()).rev() {
            let n = self.piles[pile].cards.len();
            if n == 0 {
                if inside((self.layout.place(self.piles[pile].at), self.layout.card())) {
                    return Hit::Pile(pile);
                }
                continue;
            }
            for index in (0..n).rev() {
                if inside((self.card_pos(pile, index), self.layout.card())) {
                    return Hit::Card { pile, index };
                }
            }
        }
        Hit::Background
    }

    /// The screen reader's name of card `index` of pile `pile`: "seven of
    /// hearts, face up, top of tableau 3"; a face-down card is not named
    /// ("face down, card 2 of stock").
    pub fn card_label(&self, pile: usize, index: usize) -> String {
        let p = &self.piles[pile];
        let c = p.cards[index];
        let place = if index + 1 == p.cards.len() {
            format!("top of {}", p.name)
        } else {
            format!("card {} of {}", index + 1, p.name)
        };
        let mut label = if c.face_up {
            format!("{}, face up, {place}", self.faces.name(c.card))
        } else {
            format!("face down, {place}")
        };
        if (p.fan == Fan::Stacked || p.first_shown() > 0)
            && p.cards.len() > 1
            && index + 1 == p.cards.len()
        {
            label.push_str(&format!(", {} cards", p.cards.len()));
        }
        if c.dimmed {
            label.push_str(", dimmed");
        }
        if c.selected {
            label.push_str(", selected");
        }
        label
    }

    /// The labelled regions: every card that shows (a stacked pile's top
    /// only), every empty pile ("tableau 3, empty"), every button.
    pub fn regions(&self) -> Vec<Region> {
        let mut regions = Vec::new();
        for (pile, p) in self.piles.iter().enumerate() {
            if p.cards.is_empty() {
                regions.push(Region::new(
                    format!("{}, empty", p.name),
                    self.layout.place(p.at),
                    self.layout.card(),
                ));
                continue;
            }
            let first = p.first_shown();
            for index in first..p.cards.len() {
                let (min, size) = self.visible_rect(pile, index);
                regions.push(Region::new(self.card_label(pile, index), min, size));
            }
        }
        for b in &self.buttons {
            let (min, size) = self.button_rect(b);
            let label = if b.enabled {
                format!("{} button", b.label)
            } else {
                format!("{} button, unavailable", b.label)
            };
            regions.push(Region::new(label, min, size));
        }
        regions
    }

    /// Draws one of the table's cards with its corner at `at`, in the
    /// table's deck and faces, turned as it lies.
    pub fn draw_card_at(&self, painter: &mut dyn Painter, c: TableCard, at: Point, look: Look) {
        self.draw_card_showing(painter, c, at, look, None);
    }

    /// [`Table::draw_card_at`] for a card of which only `shown` (min and
    /// size) shows, the cards after it covering the rest.
    fn draw_card_showing(
        &self,
        painter: &mut dyn Painter,
        c: TableCard,
        at: Point,
        look: Look,
        shown: Option<(Point, Point)>,
    ) {
        let l = self.layout;
        let custom = self.faces.draw;
        match c.quarter_turns % 4 {
            0 => draw_card_showing(
                painter,
                c.card,
                at,
                l.card_width,
                look,
                &self.deck,
                custom,
                shown,
            ),
            turns => {
                // Turned about the same centre.
                let card = l.card();
                let shift = if turns % 2 == 1 {
                    (card.y - card.x) / 2.0
                } else {
                    0.0
                };
                let min = Point::new(at.x - shift, at.y + shift);
                draw_card_turned(
                    painter,
                    c.card,
                    min,
                    l.card_width,
                    look,
                    &self.deck,
                    turns,
                    custom,
                );
            }
        }
    }

    /// Draws the table: background, piles, buttons.
    pub fn draw(&self, painter: &mut dyn Painter) {
        self.draw_except(painter, &|_, _| false);
    }

    /// Draws the table leaving out the cards `hide(pile, index)` names
    /// (cards being dragged or sliding, drawn by their owner after).
    pub fn draw_except(&self, painter: &mut dyn Painter, hide: &dyn Fn(usize, usize) -> bool) {
        let l = self.layout;
        painter.rect(
            Point::new(0.0, 0.0),
            l.canvas,
            Style::solid(self.background),
        );
        for (pile, p) in self.piles.iter().enumerate() {
            let mark = Look {
                highlighted: p.highlighted,
                ..Look::DOWN
            };
            let shown: Vec<usize> = (0..p.cards.len()).filter(|&i| !hide(pile, i)).collect();
            if shown.is_empty() || p.fan == Fan::Stacked && shown.len() < p.cards.len() {
                draw_place(painter, l.place(p.at), l.card_width, mark);
            }
            // A stacked pile draws its top card only (and the one under
            // it while the top is away).
            let from = match p.fan {
                Fan::Stacked => shown.len().saturating_sub(1),
                _ => 0,
            };
            for &index in &shown[from..] {
                let c = p.cards[index];
                let mut look = c.look();
                look.highlighted = p.highlighted && index + 1 == p.cards.len();
                let at = self.card_pos(pile, index);
                // Under the next card, whole or not turned, a strip shows.
                let covered = shown.contains(&(index + 1))
                    && p.cards[index + 1].quarter_turns % 4 == 0
                    && p.fan != Fan::Stacked;
                let strip = covered.then(|| self.visible_rect(pile, index));
                self.draw_card_showing(painter, c, at, look, strip);
            }
        }
        for b in &self.buttons {
            let (min, size) = self.button_rect(b);
            let (fill, ink) = if b.enabled {
                (Rgba::rgb(240, 235, 215), Rgba::rgb(20, 20, 20))
            } else {
                (Rgba::rgb(150, 160, 150), Rgba::rgb(90, 90, 90))
            };
            painter.rounded_rect(
                min,
                size,
                size.y.min(size.x) * 0.2,
                Style {
                    fill: Some(fill),
                    stroke: Some(Stroke {
                        width: 1.0,
                        color: Rgba::rgb(60, 60, 60),
                    }),
                },
            );
            painter.styled_text(
                Point::new(min.x + size.x / 2.0, min.y + size.y / 2.0),
                Anchor::Center,
                (size.y * 0.5).min(l.card_width * 0.22),
                ink,
                TextStyle::BOLD,
                &b.label,
            );
        }
    }
}

/// The gap between columns and rows, as a fraction of a card's width.
pub const GAP: f32 = 0.15;

#[cfg(test)]
mod tests {
    use super::*;
    use crate::card::{Rank, Suit, deck};
    use game_api::{RecordingPainter, Shape};

    fn solitaire() -> Table {
        // A stock and seven tableau columns, the fourth with three cards.
        let mut t = Table::new(7.0, 3.0);
        t.add_pile(Pile::new("stock", (0.0, 0.0), Fan::Stacked));
        for i in 0..7 {
            t.add_pile(Pile::new(
                format!("tableau {}", i + 1),
                (i as f32, 1.0),
                Fan::Down,
            ));
        }
        let d = deck();
        t.piles[0].cards = d[10..30].iter().map(|&c| TableCard::down(c)).collect();
        t.piles[4].cards = vec![
            TableCard::down(d[0]),
            TableCard::up(d[6]),
            TableCard::up(Card::new(Rank::new(7).unwrap(), Suit::Hearts)),
        ];
        t.add_button("deal", "Deal", (6.0, 0.0), (1.0, 0.3));
        t
    }

    #[test]
    fn the_layout_scales_cards_to_the_canvas() {
        let mut t = solitaire();
        t.lay_out(Point::new(600.0, 450.0));
        let small = t.layout().card_width;
        t.lay_out(Point::new(1200.0, 900.0));
        let big = t.layout().card_width;
        assert!((big - 2.0 * small).abs() < 0.01, "{small} {big}");
        // Seven columns fit across, three rows down, at both sizes.
        for size in [Point::new(800.0, 600.0), Point::new(1600.0, 700.0)] {
            t.lay_out(size);
            let l = t.layout();
            let right = l.place((7.0, 0.0)).x;
            let bottom = l.place((0.0, 3.0)).y;
            assert!(right <= size.x + 0.01 && bottom <= size.y + 0.01);
            assert_eq!(t.canvas_size(), size);
        }
        // A wide canvas centres the grid: as much room either side.
        t.lay_out(Point::new(1600.0, 700.0));
        let l = t.layout();
        let left = l.place((0.0, 0.0)).x;
        let right = 1600.0 - l.place((7.0, 0.0)).x;
        assert!((left - right - l.gap).abs() < 0.5, "{left} {right}");
    }

    #[test]
    fn hit_testing_finds_the_topmost_card() {
        let mut t = solitaire();
        t.lay_out(Point::new(700.0, 600.0));
        let l = t.layout();
        // The top card of tableau 4 (pile 4) is wholly visible.
        let top = t.card_pos(4, 2);
        let centre = Point::new(top.x + l.card_width / 2.0, top.y + l.card().y / 2.0);
        assert_eq!(t.hit(centre), Hit::Card { pile: 4, index: 2 });
        // Just inside the strip of the card under it.
        let under = t.card_pos(4, 1);
        assert_eq!(
            t.hit(Point::new(under.x + 5.0, under.y + 2.0)),
            Hit::Card { pile: 4, index: 1 }
        );
        // An empty column, the stock, the button, the felt.
        let empty = t.layout().place((0.0, 1.0));
        assert_eq!(
            t.hit(Point::new(empty.x + 3.0, empty.y + 3.0)),
            Hit::Pile(1)
        );
        let stock = t.layout().place((0.0, 0.0));
        assert_eq!(
            t.hit(Point::new(stock.x + 3.0, stock.y + 3.0)),
            Hit::Card { pile: 0, index: 19 }
        );
        let button = t.layout().place((6.0, 0.0));
        assert_eq!(
            t.hit(Point::new(button.x + 3.0, button.y + 3.0)),
            Hit::Button("deal".into())
        );
        t.buttons[0].enabled = false;
        assert_eq!(
            t.hit(Point::new(button.x + 3.0, button.y + 3.0)),
            Hit::Background
        );
        assert_eq!(t.hit(Point::new(1.0, 1.0)), Hit::Background);
    }

    #[test]
    fn fanned_piles_close_up_to_stay_on_the_table() {
        let mut t = Table::new(2.0, 2.0);
        let p = t.add_pile(Pile::new("column", (0.0, 0.0), Fan::Down));
        t.piles[p].cards = deck().into_iter().map(TableCard::up).collect();
        t.lay_out(Point::new(300.0, 400.0));
        let last = t.card_pos(p, 51);
        assert!(last.y + t.layout().card().y <= 400.0 + 0.01);
        // Each card still lower than the one under it.
        assert!(t.card_pos(p, 1).y > t.card_pos(p, 0).y);
        let r = t.add_pile(Pile::new("hand", (0.0, 1.0), Fan::Right));
        t.piles[r].cards = deck()[..5].iter().map(|&c| TableCard::up(c)).collect();
        let step = t.card_pos(r, 1).x - t.card_pos(r, 0).x;
        assert!((step - t.layout().card_width * 0.28).abs() < 0.01);
        assert_eq!(t.card_pos(r, 0).y, t.card_pos(r, 4).y);
    }

    #[test]
    fn a_pile_fanning_its_top_three_shows_only_those() {
        let mut t = Table::new(4.0, 2.0);
        let waste = t.add_pile(Pile::new("waste", (1.0, 0.0), Fan::Right).fanning_top(3));
        t.piles[waste].cards = deck()[..7].iter().map(|&c| TableCard::up(c)).collect();
        t.lay_out(Point::new(500.0, 400.0));
        // Cards 0 to 4 squared up, 5 and 6 fanned from card 4.
        let x = |i| t.card_pos(waste, i).x;
        assert!(
            (0..4).all(|i| x(i) == x(4)),
            "squared under the first shown"
        );
        assert!(x(5) > x(4) && x(6) > x(5));
        let labels: Vec<String> = t.regions().into_iter().map(|r| r.label).collect();
        assert_eq!(
            labels,
            [
                "five of clubs, face up, card 5 of waste",
                "six of clubs, face up, card 6 of waste",
                "seven of clubs, face up, top of waste, 7 cards",
            ]
        );
        // With two cards, both show.
        t.piles[waste].cards.truncate(2);
        assert_eq!(t.regions().len(), 2);
        assert!(t.card_pos(waste, 1).x > t.card_pos(waste, 0).x);
    }

    #[test]
    fn regions_name_every_card_that_shows() {
        let t = solitaire();
        let labels: Vec<String> = t.regions().into_iter().map(|r| r.label).collect();
        assert!(labels.contains(&"seven of hearts, face up, top of tableau 4".to_string()));
        assert!(labels.contains(&"seven of clubs, face up, card 2 of tableau 4".to_string()));
        assert!(labels.contains(&"face down, card 1 of tableau 4".to_string()));
        assert!(labels.contains(&"face down, top of stock, 20 cards".to_string()));
        assert!(labels.contains(&"tableau 1, empty".to_string()));
        assert!(labels.contains(&"Deal button".to_string()));
        // One region per showing card: stock top, 3 in tableau 4, six
        // empty columns, the button.
        assert_eq!(labels.len(), 1 + 3 + 6 + 1);
        // Activating a region clicks its centre: the centre hits that card.
        for r in t.regions() {
            if r.label.contains("tableau 4") {
                assert!(
                    matches!(t.hit(r.center()), Hit::Card { pile: 4, .. }),
                    "{}",
                    r.label
                );
            }
        }
    }

    #[test]
    fn drawing_shows_the_top_of_a_stack_and_every_fanned_card() {
        let t = solitaire();
        let mut p = RecordingPainter::new();
        t.draw(&mut p);
        let texts: Vec<&str> = p
            .shapes
            .iter()
            .filter_map(|s| match s {
                Shape::StyledText { text, .. } => Some(text.as_str()),
                _ => None,
            })
            .collect();
        // Two face-up cards (two indices each) and the button's label.
        assert_eq!(texts.iter().filter(|t| **t == "7").count(), 4, "{texts:?}");
        assert!(texts.contains(&"Deal"));
        // Hiding the top card of tableau 4 leaves one index pair of sevens.
        let mut q = RecordingPainter::new();
        t.draw_except(&mut q, &|pile, index| pile == 4 && index == 2);
        let sevens = q
            .shapes
            .iter()
            .filter(|s| matches!(s, Shape::StyledText { text, .. } if text == "7"))
            .count();
        assert_eq!(sevens, 2);
    }

    #[test]
    fn a_card_turned_on_its_side_keeps_its_centre() {
        let mut t = Table::new(3.0, 2.0);
        let p = t.add_pile(Pile::new("discard", (1.0, 0.5), Fan::Stacked));
        let mut c = TableCard::up(deck()[0]);
        c.quarter_turns = 1;
        t.piles[p].cards.push(c);
        let mut painter = RecordingPainter::new();
        t.draw(&mut painter);
        let outline = painter
            .shapes
            .iter()
            .find_map(|s| match s {
                Shape::RoundedRect { min, size, .. } if size.x > size.y => Some((*min, *size)),
                _ => None,
            })
            .expect("a card on its side");
        let at = t.card_pos(p, 0);
        let card = t.layout().card();
        let centre = (
            outline.0.x + outline.1.x / 2.0,
            outline.0.y + outline.1.y / 2.0,
        );
        assert!((centre.0 - (at.x + card.x / 2.0)).abs() < 0.01);
        assert!((centre.1 - (at.y + card.y / 2.0)).abs() < 0.01);
        assert!((outline.1.x - card.y).abs() < 0.01);
    }

    #[test]
    fn a_game_can_draw_and_name_its_own_faces() {
        fn picture(p: &mut dyn Painter, card: Card, min: Point, width: f32) {
            let c = Point::new(min.x + width / 2.0, min.y + width * 0.7);
            p.circle(
                c,
                width * 0.1 * f32::from(card.rank.value()),
                Style::solid(FELT),
            );
        }
        fn name(card: Card) -> String {
            format!("{} circles", card.rank.value())
        }
        let mut t = solitaire();
        t.faces = Faces {
            draw: Some(picture),
            name: Some(name),
        };
        let labels: Vec<String> = t.regions().into_iter().map(|r| r.label).collect();
        assert!(
            labels.contains(&"7 circles, face up, top of tableau 4".to_string()),
            "{labels:?}"
        );
        let mut p = RecordingPainter::new();
        t.draw(&mut p);
        // No standard indices: two pictures, one per face-up card.
        assert!(
            !p.shapes
                .iter()
                .any(|s| matches!(s, Shape::StyledText { text, .. } if text == "7"))
        );
        let circles = p
            .shapes
            .iter()
            .filter(|s| matches!(s, Shape::Circle { style, .. } if style.fill == Some(FELT)))
            .count();
        assert_eq!(circles, 2);
    }

    #[test]
    fn a_players_area_is_framed_lit_on_its_turn_and_labelled() {
        let mut t = solitaire();
        t.lay_out(Point::new(800.0, 500.0));
        let l = t.layout();
        let (min, size) = l.area((0.0, 1.0, 7.0, 2.0));
        assert_eq!(
            min,
            Point::new(
                l.origin.x - l.gap / 2.0,
                l.place((0.0, 1.0)).y - l.gap / 2.0
            )
        );
        let near = |a: f32, b: f32| (a - b).abs() < 1e-3;
        assert!(
            near(size.x, l.across(7.0)) && near(size.y, l.down(1.0)),
            "{size:?}"
        );
        let frame = |lit: bool| {
            let mut p = RecordingPainter::new();
            l.draw_area(&mut p, (min, size), lit, "You: 5 cards");
            match &p.shapes[..] {
                [
                    Shape::RoundedRect { style, min: at, .. },
                    Shape::StyledText { text, pos, .. },
                ] => {
                    assert_eq!((*at, text.as_str()), (min, "You: 5 cards"));
                    assert!(pos.x > min.x && pos.y > min.y, "inside the frame");
                    style.stroke.unwrap()
                }
                other => panic!("{other:?}"),
            }
        };
        let (lit, unlit) = (frame(true), frame(false));
        assert!(lit.width > unlit.width && lit.color != unlit.color);
        let mut p = RecordingPainter::new();
        l.draw_result(&mut p, Point::new(10.0, 20.0), 0.5, "You win!");
        assert!(matches!(
            &p.shapes[..],
            [Shape::StyledText { color, font_size, text, .. }]
                if *color == RESULT_INK && *font_size == l.card_width * 0.5 && text == "You win!"
        ));
    }
}
