//! Playing the table with the pointer and the keyboard: a pure state
//! machine ([`Hand`]) the game feeds its events to, asking the game's
//! [`Rules`] which cards may move and where they may go, and answering
//! with what the player did ([`Play`]).
//!
//! - Drag and drop: a press on a movable card picks it up with the cards
//!   on it (a sequence), they follow the pointer, the pile under them is
//!   highlighted while it would accept them, a release there drops them
//!   ([`Play::Move`]); anywhere else they snap back ([`Play::Refused`]).
//! - Clicks: a press and release without a drag is a [`Play::Click`]
//!   (with the primary button), [`Play::RightClick`] (secondary);
//!   [`Play::DoubleClick`] after the launcher's double-click event.
//! - Keys: a cursor over the piles (Left/Right, Tab/Shift+Tab between
//!   piles and buttons; Up/Down between the cards of a fanned pile);
//!   Enter or Space picks the cards under it up and puts them down on the
//!   pile under it; Escape puts them back.

use game_api::{Button, Cursor, Event, Host, Painter, Point};

use crate::face::Look;
use crate::table::{Hit, Table};

/// What the game says about its cards.
pub trait Rules {
    /// Whether card `index` of pile `pile` may be picked up, with the
    /// cards on it (from `index` to the top).
    fn movable(&self, table: &Table, pile: usize, index: usize) -> bool;
    /// Whether pile `to` accepts the cards from `index` up of pile `from`.
    fn accepts(&self, table: &Table, from: usize, index: usize, to: usize) -> bool;
    /// The pile a drag dropped over no pile lands on, when `at` (the
    /// dragged card's centre) is in a part of the table that stands for
    /// one: a player's area, where its cards are not (Go Fish: a card
    /// dropped anywhere in your area goes to your hand, as in the
    /// original). `None`, the default: such a drop puts the cards back.
    fn area_pile(&self, _table: &Table, _at: Point) -> Option<usize> {
        None
    }
}

/// The rules of a game played by clicks and buttons alone (Blackjack,
/// Memory): no card is ever picked up.
#[derive(Clone, Copy, Debug, Default)]
pub struct NoDrag;

impl Rules for NoDrag {
    fn movable(&self, _: &Table, _: usize, _: usize) -> bool {
        false
    }
    fn accepts(&self, _: &Table, _: usize, _: usize, _: usize) -> bool {
        false
    }
}

/// What the player did, for the game to carry out.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum Play {
    /// Move the cards from `index` up of pile `from` onto pile `to` (the
    /// game's rules accepted it).
    Move {
        /// The pile they come from.
        from: usize,
        /// The lowest card moved.
        index: usize,
        /// The pile they go to.
        to: usize,
    },
    /// A drop the rules refused (or a drop off any pile): the cards went
    /// back. `to` is the pile they were dropped on, if any.
    Refused {
        /// The pile they come from.
        from: usize,
        /// The lowest card.
        index: usize,
        /// The pile that refused them.
        to: Option<usize>,
    },
    /// A primary click (or Enter on what cannot be picked up).
    Click(Hit),
    /// A double click.
    DoubleClick(Hit),
    /// A secondary click.
    RightClick(Hit),
}

/// How far the pointer moves before a press becomes a drag, in pixels.
pub const DRAG_SLOP: f32 = 4.0;

/// The pointer's part of the state.
#[derive(Clone, Debug, PartialEq)]
enum Pointer {
    Idle,
    /// Pressed on a card or place; not yet a drag.
    Pressed {
        hit: Hit,
        at: Point,
    },
    /// Dragging the cards from `index` up of `from`; `grab` is the
    /// pointer's offset from the lowest card's corner.
    Dragging {
        from: usize,
        index: usize,
        pos: Point,
        grab: Point,
        target: Option<(usize, bool)>,
    },
}

/// Where the keyboard cursor is.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Focus {
    /// A pile, and the card in it (its top when empty or stacked).
    Pile {
        /// The pile.
        pile: usize,
        /// The card (meaningless for an empty pile).
        index: usize,
    },
    /// A button by its index in [`Table::buttons`].
    Button(usize),
}

/// The player's hand: drag and keyboard state.
#[derive(Clone, Debug, PartialEq)]
pub struct Hand {
    pointer: Pointer,
    /// The keyboard cursor, once a key was pressed.
    pub focus: Option<Focus>,
    /// Cards picked up by keyboard: from `index` up of pile `.0`.
    pub held: Option<(usize, usize)>,
}

impl Default for Hand {
    fn default() -> Self {
        Hand::new()
    }
}

impl Hand {
    /// An empty hand.
    pub fn new() -> Hand {
        Hand {
            pointer: Pointer::Idle,
            focus: None,
            held: None,
        }
    }

    /// Forgets drags and held cards (after a new game, undo, a load).
    pub fn reset(&mut self) {
        self.pointer = Pointer::Idle;
        self.held = None;
        self.focus = None;
    }

    /// The cards being dragged: pile, lowest index, and where the lowest
    /// card's corner is now.
    pub fn dragging(&self) -> Option<(usize, usize, Point)> {
        match self.pointer {
            Pointer::Dragging {
                from,
                index,
                pos,
                grab,
                ..
            } => Some((from, index, Point::new(pos.x - grab.x, pos.y - grab.y))),
            _ => None,
        }
    }

    /// The pile under the dragged cards, and whether it accepts them.
    pub fn drop_target(&self) -> Option<(usize, bool)> {
        match self.pointer {
            Pointer::Dragging { target, .. } => target,
            _ => None,
        }
    }

    /// The pointer shape to ask for: grabbing while dragging (not allowed
    /// over a pile that refuses), an open hand over a movable card, a
    /// pointing hand over a button, else the arrow.
    pub fn cursor(&self, table: &Table, rules: &dyn Rules, pos: Point) -> Cursor {
        match self.pointer {
            Pointer::Dragging {
                target: Some((_, false)),
                ..
            } => Cursor::NotAllowed,
            Pointer::Dragging { .. } => Cursor::Grabbing,
            _ => match table.hit(pos) {
                Hit::Card { pile, index } if rules.movable(table, pile, index) => Cursor::Grab,
                Hit::Button(_) => Cursor::PointingHand,
                _ => Cursor::Default,
            },
        }
    }

    /// [`Hand::handle`], and on a pointer move the pointer's shape asked
    /// of `host` ([`Hand::cursor`]): what a card game does with the events
    /// it leaves to the kit.
    pub fn handle_pointing(
        &mut self,
        table: &Table,
        rules: &dyn Rules,
        event: &Event,
        host: &Host,
    ) -> (Option<Play>, bool) {
        let result = self.handle(table, rules, event);
        if let Event::PointerMove { pos } = event {
            host.set_cursor(self.cursor(table, rules, *pos));
        }
        result
    }

    /// Feeds an event; what the player did, if anything. `changed` tells
    /// whether to redraw. Keys the hand does not use are left for the game
    /// (returns `(None, false)`).
    pub fn handle(
        &mut self,
        table: &Table,
        rules: &dyn Rules,
        event: &Event,
    ) -> (Option<Play>, bool) {
        match event {
            Event::PointerPress {
                pos,
                button: Button::Primary,
                ..
            } => {
                self.held = None;
                self.pointer = Pointer::Pressed {
                    hit: table.hit(*pos),
                    at: *pos,
                };
                (None, true)
            }
            Event::PointerMove { pos } => self.move_to(table, rules, *pos),
            Event::PointerRelease {
                pos,
                button: Button::Primary,
                ..
            } => {
                let _ = self.move_to(table, rules, *pos);
                match std::mem::replace(&mut self.pointer, Pointer::Idle) {
                    Pointer::Pressed { hit, .. } => (Some(Play::Click(hit)), true),
                    Pointer::Dragging {
                        from,
                        index,
                        target,
                        ..
                    } => (Some(drop(from, index, target)), true),
                    Pointer::Idle => (None, false),
                }
            }
            Event::PointerRelease {
                pos,
                button: Button::Secondary,
                ..
            } => (Some(Play::RightClick(table.hit(*pos))), true),
            Event::DoubleClick {
                pos,
                button: Button::Primary,
                ..
            } => (Some(Play::DoubleClick(table.hit(*pos))), true),
            Event::PointerLeave => (None, false),
            Event::KeyPress { key, modifiers } => self.key(table, rules, key, modifiers.shift),
            _ => (None, false),
        }
    }

    fn move_to(&mut self, table: &Table, rules: &dyn Rules, pos: Point) -> (Option<Play>, bool) {
        match self.pointer.clone() {
            Pointer::Pressed {
                hit: Hit::Card { pile, index },
                at,
            } => {
                let far = (pos.x - at.x).hypot(pos.y - at.y) > DRAG_SLOP;
                if far && rules.movable(table, pile, index) {
                    let corner = table.card_pos(pile, index);
                    self.pointer = Pointer::Dragging {
                        from: pile,
                        index,
                        pos,
                        grab: Point::new(at.x - corner.x, at.y - corner.y),
                        target: None,
                    };
                    self.retarget(table, rules);
                    (None, true)
                } else {
                    (None, false)
                }
            }
            Pointer::Dragging { .. } => {
                if let Pointer::Dragging { pos: p, .. } = &mut self.pointer {
                    *p = pos;
                }
                self.retarget(table, rules);
                (None, true)
            }
            _ => (None, false),
        }
    }

    /// The drop target is the pile whose area the dragged card's centre
    /// is over (its place, or any of its cards), else the pile under the
    /// pointer.
    fn retarget(&mut self, table: &Table, rules: &dyn Rules) {
        let Pointer::Dragging {
            from,
            index,
            pos,
            grab,
            ref mut target,
        } = self.pointer
        else {
            return;
        };
        let card = table.layout().card();
        let centre = Point::new(pos.x - grab.x + card.x / 2.0, pos.y - grab.y + card.y / 2.0);
        let over = |p: Point| {
            (0..table.piles.len()).rev().find(|&pile| {
                let (min, size) = table.pile_rect(pile);
                p.x >= min.x && p.y >= min.y && p.x < min.x + size.x && p.y < min.y + size.y
            })
        };
        *target = over(centre)
            .or_else(|| over(pos))
            .or_else(|| rules.area_pile(table, centre))
            .filter(|&to| to != from)
            .map(|to| (to, rules.accepts(table, from, index, to)));
    }

    fn key(
        &mut self,
        table: &Table,
        rules: &dyn Rules,
        key: &str,
        shift: bool,
    ) -> (Option<Play>, bool) {
        let stops = stops(table);
        if stops.is_empty() {
            return (None, false);
        }
        let focus = self.focus.filter(|f| valid(table, *f)).unwrap_or(stops[0]);
        let at = stops.iter().position(|s| same_stop(*s, focus)).unwrap_or(0);
        let n = stops.len();
        match key {
            "ArrowRight" | "Tab" if !shift || key == "ArrowRight" => {
                self.focus = Some(stops[(at + 1) % n]);
            }
            "ArrowLeft" | "Tab" => {
                self.focus = Some(stops[(at + n - 1) % n]);
            }
            "ArrowUp" | "ArrowDown" => {
                let Focus::Pile { pile, index } = focus else {
                    return (None, false);
                };
                let cards = &table.piles[pile].cards;
                let face_up: Vec<usize> = (0..cards.len()).filter(|&i| cards[i].face_up).collect();
                let pos = face_up.iter().position(|&i| i == index);
                let next = match (key, pos) {
                    ("ArrowUp", Some(p)) if p > 0 => face_up[p - 1],
                    ("ArrowDown", Some(p)) if p + 1 < face_up.len() => face_up[p + 1],
                    ("ArrowUp", None) => face_up.first().copied().unwrap_or(index),
                    _ => index,
                };
                self.focus = Some(Focus::Pile { pile, index: next });
            }
            "Enter" | "Space" => {
                self.focus = Some(focus);
                return (self.activate(table, rules, focus), true);
            }
            "Escape" if self.held.is_some() => {
                self.held = None;
            }
            _ => return (None, false),
        }
        (None, true)
    }

    fn activate(&mut self, table: &Table, rules: &dyn Rules, focus: Focus) -> Option<Play> {
        let to = match focus {
            Focus::Button(b) => return Some(Play::Click(Hit::Button(table.buttons[b].id.clone()))),
            Focus::Pile { pile, .. } => pile,
        };
        let hit = match focus {
            Focus::Pile { pile, index } if !table.piles[pile].cards.is_empty() => {
                Hit::Card { pile, index }
            }
            _ => Hit::Pile(to),
        };
        if let Some((from, index)) = self.held.take() {
            if from == to {
                return None; // Put back where they were.
            }
            return Some(drop(
                from,
                index,
                Some((to, rules.accepts(table, from, index, to))),
            ));
        }
        match hit {
            Hit::Card { pile, index } if rules.movable(table, pile, index) => {
                self.held = Some((pile, index));
                None
            }
            hit => Some(Play::Click(hit)),
        }
    }

    /// The screen reader's and status line's word on the hand: what is
    /// held, where the cursor is.
    pub fn describe(&self, table: &Table) -> Option<String> {
        let focus = self.focus.filter(|f| valid(table, *f))?;
        let at = match focus {
            Focus::Button(b) => format!("{} button", table.buttons[b].label),
            Focus::Pile { pile, .. } if table.piles[pile].cards.is_empty() => {
                format!("{}, empty", table.piles[pile].name)
            }
            Focus::Pile { pile, index } => table.card_label(pile, index),
        };
        Some(match self.held {
            Some((pile, index)) => format!(
                "holding {} from {}; at {at}",
                table.piles[pile].cards[index].card.name(),
                table.piles[pile].name
            ),
            None => format!("at {at}"),
        })
    }

    /// Draws the table with the hand: the dragged cards at the pointer
    /// (and left out of their pile), the drop target highlighted while it
    /// accepts, the keyboard cursor, the held cards selected.
    pub fn draw(&self, table: &Table, painter: &mut dyn Painter) {
        self.draw_with(table, painter, &|_, _| false);
    }

    /// [`Hand::draw`], leaving out also the cards `hide(pile, index)`
    /// names (cards an [`crate::anim::Animator`] draws sliding).
    pub fn draw_with(
        &self,
        table: &Table,
        painter: &mut dyn Painter,
        hide: &dyn Fn(usize, usize) -> bool,
    ) {
        let mut shown = table.clone();
        if let Some((to, true)) = self.drop_target() {
            shown.piles[to].highlighted = true;
        }
        if let Some((pile, index)) = self.held {
            for c in &mut shown.piles[pile].cards[index..] {
                c.selected = true;
            }
        }
        match self.focus.filter(|f| valid(table, *f)) {
            Some(Focus::Pile { pile, .. }) => shown.piles[pile].highlighted = true,
            Some(Focus::Button(_)) | None => {}
        }
        let drag = self.dragging();
        shown.draw_except(painter, &|pile, index| {
            hide(pile, index) || drag.is_some_and(|(p, i, _)| p == pile && index >= i)
        });
        if let Some(Focus::Button(b)) = self.focus.filter(|f| valid(table, *f)) {
            let (min, _) = table.button_rect(&table.buttons[b]);
            let (_, size) = table.button_rect(&table.buttons[b]);
            crate::face::draw_marks(
                painter,
                min,
                size.x,
                Look {
                    highlighted: true,
                    ..Look::DOWN
                },
            );
        }
        if let Some((pile, index, corner)) = drag {
            let base = table.card_pos(pile, index);
            for (i, c) in table.piles[pile].cards.iter().enumerate().skip(index) {
                let p = table.card_pos(pile, i);
                let at = Point::new(corner.x + p.x - base.x, corner.y + p.y - base.y);
                let look = Look {
                    face_up: c.face_up,
                    ..Look::UP
                };
                table.draw_card_at(painter, *c, at, look);
            }
        }
    }
}

fn drop(from: usize, index: usize, target: Option<(usize, bool)>) -> Play {
    match target {
        Some((to, true)) => Play::Move { from, index, to },
        Some((to, false)) => Play::Refused {
            from,
            index,
            to: Some(to),
        },
        None => Play::Refused {
            from,
            index,
            to: None,
        },
    }
}

/// The keyboard cursor's stops: each pile at its top card, then each
/// enabled button.
fn stops(table: &Table) -> Vec<Focus> {
    let piles = table.piles.iter().enumerate().map(|(pile, p)| Focus::Pile {
        pile,
        index: p.cards.len().saturating_sub(1),
    });
    let buttons = (0..table.buttons.len())
        .filter(|&b| table.buttons[b].enabled)
        .map(Focus::Button);
    piles.chain(buttons).collect()
}

fn same_stop(a: Focus, b: Focus) -> bool {
    match (a, b) {
        (Focus::Pile { pile: p, .. }, Focus::Pile { pile: q, .. }) => p == q,
        (a, b) => a == b,
    }
}

fn valid(table: &Table, focus: Focus) -> bool {
    match focus {
        Focus::Pile { pile, index } => {
            pile < table.piles.len()
                && (index < table.piles[pile].cards.len()
                    || (index == 0 && table.piles[pile].cards.is_empty()))
        }
        Focus::Button(b) => b < table.buttons.len() && table.buttons[b].enabled,
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::card::{Card, Rank, Suit};
    use crate::table::{Fan, Pile, TableCard};
    use game_api::{Modifiers, RecordingPainter, Shape};

    /// A toy game: three columns; a face-up card moves with the cards on
    /// it; a column accepts a card one lower than its top, of either
    /// suit, and an empty column accepts a king.
    struct Descending;

    impl Rules for Descending {
        fn movable(&self, table: &Table, pile: usize, index: usize) -> bool {
            table.piles[pile].cards[index].face_up
        }
        fn accepts(&self, table: &Table, from: usize, index: usize, to: usize) -> bool {
            let moving = table.piles[from].cards[index].card.rank.value();
            match table.piles[to].cards.last() {
                None => moving == 13,
                Some(top) => top.face_up && top.card.rank.value() == moving + 1,
            }
        }
    }

    fn c(v: u8, s: Suit) -> Card {
        Card::new(Rank::new(v).unwrap(), s)
    }

    fn table() -> Table {
        let mut t = Table::new(3.0, 2.0);
        for i in 0..3 {
            t.add_pile(Pile::new(
                format!("column {}", i + 1),
                (i as f32, 0.0),
                Fan::Down,
            ));
        }
        t.piles[0].cards = vec![
            TableCard::down(c(2, Suit::Clubs)),
            TableCard::up(c(6, Suit::Hearts)),
            TableCard::up(c(5, Suit::Spades)),
        ];
        t.piles[1].cards = vec![TableCard::up(c(7, Suit::Clubs))];
        t.add_button("deal", "Deal", (2.0, 1.0), (1.0, 0.3));
        t
    }

    fn centre(t: &Table, pile: usize, index: usize) -> Point {
        let (min, size) = t.visible_rect(pile, index);
        Point::new(min.x + size.x / 2.0, min.y + size.y / 2.0)
    }

    fn play(hand: &mut Hand, t: &Table, events: &[Event]) -> Vec<Play> {
        events
            .iter()
            .filter_map(|e| hand.handle(t, &Descending, e).0)
            .collect()
    }

    #[test]
    fn dragging_a_sequence_onto_a_pile_that_accepts_it() {
        let t = table();
        let mut hand = Hand::new();
        let from = centre(&t, 0, 1);
        let over = centre(&t, 1, 0);
        let mid = Point::new((from.x + over.x) / 2.0, (from.y + over.y) / 2.0);
        let plays = play(
            &mut hand,
            &t,
            &[Event::press(from), Event::PointerMove { pos: mid }],
        );
        assert!(plays.is_empty());
        assert_eq!(hand.dragging().map(|d| (d.0, d.1)), Some((0, 1)));
        assert_eq!(hand.cursor(&t, &Descending, mid), Cursor::Grabbing);
        let _ = hand.handle(&t, &Descending, &Event::PointerMove { pos: over });
        // Six of hearts onto the seven of clubs: legal, highlighted.
        assert_eq!(hand.drop_target(), Some((1, true)));
        let plays = play(&mut hand, &t, &[Event::release(over)]);
        assert_eq!(
            plays,
            [Play::Move {
                from: 0,
                index: 1,
                to: 1
            }]
        );
        assert_eq!(hand.dragging(), None);
    }

    #[test]
    fn a_refused_drop_snaps_back() {
        let t = table();
        let mut hand = Hand::new();
        let from = centre(&t, 0, 2); // five of spades
        let over = centre(&t, 1, 0); // onto the seven: refused
        let plays = play(
            &mut hand,
            &t,
            &[Event::press(from), Event::PointerMove { pos: over }],
        );
        assert!(plays.is_empty());
        assert_eq!(hand.drop_target(), Some((1, false)));
        assert_eq!(hand.cursor(&t, &Descending, over), Cursor::NotAllowed);
        let plays = play(&mut hand, &t, &[Event::release(over)]);
        assert_eq!(
            plays,
            [Play::Refused {
                from: 0,
                index: 2,
                to: Some(1)
            }]
        );
        // Dropped on the felt: back too.
        let felt = Point::new(2.0, t.canvas_size().y - 2.0);
        let plays = play(
            &mut hand,
            &t,
            &[
                Event::press(from),
                Event::PointerMove { pos: felt },
                Event::release(felt),
            ],
        );
        assert_eq!(
            plays,
            [Play::Refused {
                from: 0,
                index: 2,
                to: None
            }]
        );
    }

    #[test]
    fn face_down_cards_do_not_move_and_clicks_are_clicks() {
        let t = table();
        let mut hand = Hand::new();
        let down = t.card_pos(0, 0);
        let down = Point::new(down.x + 5.0, down.y + 3.0);
        assert_eq!(hand.cursor(&t, &Descending, down), Cursor::Default);
        let far = Point::new(down.x + 100.0, down.y + 100.0);
        let plays = play(
            &mut hand,
            &t,
            &[
                Event::press(down),
                Event::PointerMove { pos: far },
                Event::release(far),
            ],
        );
        assert_eq!(plays, [Play::Click(Hit::Card { pile: 0, index: 0 })]);
        // A small wobble is still a click.
        let top = centre(&t, 1, 0);
        let wobble = Point::new(top.x + 2.0, top.y + 1.0);
        let plays = play(
            &mut hand,
            &t,
            &[
                Event::press(top),
                Event::PointerMove { pos: wobble },
                Event::release(wobble),
            ],
        );
        assert_eq!(plays, [Play::Click(Hit::Card { pile: 1, index: 0 })]);
        let right = Event::PointerRelease {
            pos: top,
            button: Button::Secondary,
            modifiers: Modifiers::NONE,
        };
        let double = Event::DoubleClick {
            pos: top,
            button: Button::Primary,
            modifiers: Modifiers::NONE,
        };
        assert_eq!(
            play(&mut hand, &t, &[right, double]),
            [
                Play::RightClick(Hit::Card { pile: 1, index: 0 }),
                Play::DoubleClick(Hit::Card { pile: 1, index: 0 })
            ]
        );
        let deal = t.button_rect(&t.buttons[0]).0;
        let deal = Point::new(deal.x + 2.0, deal.y + 2.0);
        assert_eq!(hand.cursor(&t, &Descending, deal), Cursor::PointingHand);
        assert_eq!(
            play(&mut hand, &t, &[Event::press(deal), Event::release(deal)]),
            [Play::Click(Hit::Button("deal".into()))]
        );
    }

    #[test]
    fn keyboard_play_picks_up_and_puts_down() {
        let t = table();
        let mut hand = Hand::new();
        // The cursor starts on column 1's top card (the five of spades);
        // Up goes to the six under it; Enter picks up six and five.
        assert_eq!(play(&mut hand, &t, &[Event::key("ArrowUp")]), []);
        assert_eq!(hand.focus, Some(Focus::Pile { pile: 0, index: 1 }));
        assert_eq!(play(&mut hand, &t, &[Event::key("Enter")]), []);
        assert_eq!(hand.held, Some((0, 1)));
        assert_eq!(
            hand.describe(&t).unwrap(),
            "holding six of hearts from column 1; at six of hearts, face up, card 2 of column 1"
        );
        // Right to column 2, Space puts them down.
        let plays = play(
            &mut hand,
            &t,
            &[Event::key("ArrowRight"), Event::key("Space")],
        );
        assert_eq!(
            plays,
            [Play::Move {
                from: 0,
                index: 1,
                to: 1
            }]
        );
        assert_eq!(hand.held, None);
        // Picking up the five and putting it on the empty column: refused.
        let plays = play(
            &mut hand,
            &t,
            &[
                Event::key("ArrowLeft"),
                Event::key("Enter"),
                Event::key("ArrowRight"),
                Event::key("ArrowRight"),
                Event::key("Enter"),
            ],
        );
        assert_eq!(
            plays,
            [Play::Refused {
                from: 0,
                index: 2,
                to: Some(2)
            }]
        );
        // Escape puts held cards back; Enter on the same pile too.
        play(
            &mut hand,
            &t,
            &[
                Event::key("ArrowLeft"),
                Event::key("ArrowLeft"),
                Event::key("Enter"),
            ],
        );
        assert!(hand.held.is_some());
        play(&mut hand, &t, &[Event::key("Escape")]);
        assert_eq!(hand.held, None);
        // Tab reaches the button; Enter there clicks it. Unused keys are the game's.
        let plays = play(
            &mut hand,
            &t,
            &[
                Event::key("Tab"),
                Event::key("Tab"),
                Event::key("Tab"),
                Event::key("Enter"),
            ],
        );
        assert_eq!(plays, [Play::Click(Hit::Button("deal".into()))]);
        assert_eq!(
            hand.handle(&t, &Descending, &Event::key("h")),
            (None, false)
        );
    }

    #[test]
    fn the_dragged_cards_are_drawn_at_the_pointer() {
        let t = table();
        let mut hand = Hand::new();
        let from = centre(&t, 0, 2);
        let to = Point::new(from.x + 30.0, from.y + 40.0);
        play(
            &mut hand,
            &t,
            &[Event::press(from), Event::PointerMove { pos: to }],
        );
        let mut p = RecordingPainter::new();
        hand.draw(&t, &mut p);
        // The five's card is drawn last, 30 right and 40 down of its place.
        let corner = t.card_pos(0, 2);
        let last_card = p.shapes.iter().rev().find_map(|s| match s {
            Shape::RoundedRect { min, .. } if (min.x - corner.x - 30.0).abs() < 0.01 => Some(*min),
            _ => None,
        });
        let last_card = last_card.expect("the dragged card");
        assert!(
            (last_card.y - corner.y - 40.0).abs() < 0.01,
            "{last_card:?}"
        );
        // Exactly two "5" indices: once at the pointer, none left in the pile.
        let fives = p
            .shapes
            .iter()
            .filter(|s| matches!(s, Shape::StyledText { text, .. } if text == "5"))
            .count();
        assert_eq!(fives, 2);
    }

    proptest::proptest! {
        /// Whatever the pointer and keys do, a move is played only when the
        /// rules accept it, of cards they say can move; a refusal only
        /// when they refuse.
        #[test]
        fn no_illegal_move_is_played(steps in proptest::collection::vec((0u8..8, 0f32..1.0, 0f32..1.0), 1..60)) {
            let t = table();
            let size = t.canvas_size();
            let mut hand = Hand::new();
            let keys = ["ArrowLeft", "ArrowRight", "ArrowUp", "ArrowDown", "Enter", "Space", "Escape", "Tab"];
            for (kind, fx, fy) in steps {
                let pos = Point::new(fx * size.x, fy * size.y);
                let event = match kind {
                    0 => Event::press(pos),
                    1 => Event::release(pos),
                    2 | 3 => Event::PointerMove { pos },
                    _ => Event::key(keys[((fx * 8.0) as usize).min(7)]),
                };
                let (play, _) = hand.handle(&t, &Descending, &event);
                match play {
                    Some(Play::Move { from, index, to }) => {
                        proptest::prop_assert!(Descending.movable(&t, from, index));
                        proptest::prop_assert!(Descending.accepts(&t, from, index, to));
                    }
                    Some(Play::Refused { from, index, to: Some(to) }) => {
                        proptest::prop_assert!(!Descending.accepts(&t, from, index, to));
                    }
                    _ => {}
                }
            }
        }
    }
}
