//! A card game's table in its window: what every card game's plugin holds
//! and does the same way, once.
//!
//! A [`View`] keeps the host, the [`Table`] as drawn, the player's
//! [`Hand`] (pointer, drag and keyboard cursor), the cards sliding
//! ([`Animator`]) and the ticks asked of the host. The game keeps its rules
//! and puts their state on `view.table` (its `sync`); around each move it
//! takes [`View::snapshot`] before and calls [`View::slide_from`] after, so
//! the cards that changed place slide there on ticks. Ticks come fast
//! ([`SLIDE_TICK`]) while a card slides, at the game's own pace otherwise
//! ([`View::want_ticks`]), and not at all when nothing waits, so an idle
//! game costs no CPU.
//!
//! ```
//! use cards::anim::Snapshot;
//! use cards::view::{SLIDE_TICK, View};
//! use cards::{Fan, Pile, Table, TableCard};
//! use game_api::{Host, Point};
//!
//! let mut table = Table::new(2.0, 2.0);
//! table.add_pile(Pile::new("left", (0.0, 0.0), Fan::Stacked));
//! table.add_pile(Pile::new("right", (1.0, 0.0), Fan::Stacked));
//! let mut view = View::new(Host::detached(), table);
//! view.lay_out(Point::new(400.0, 300.0));
//! view.table.piles[0].cards.push(TableCard::up(cards::card::Card::new(
//!     cards::Rank::ACE,
//!     cards::Suit::Spades,
//! )));
//! // A move: the card goes right, and slides there on fast ticks.
//! let before: Snapshot = view.snapshot(None);
//! let card = view.table.piles[0].cards.pop().unwrap();
//! view.table.piles[1].cards.push(card);
//! view.slide_from(&before);
//! view.want_ticks(None);
//! assert_eq!(view.ticks(), Some(SLIDE_TICK));
//! while view.tick(0.1) {}
//! view.want_ticks(None);
//! assert_eq!(view.ticks(), None, "nothing moves: no ticks");
//! ```

use std::time::Duration;

use game_api::{Event, Host, Painter};
// Named here for the games' `table_window!`.
pub use game_api::{Point, Region, Response};

use crate::anim::{Animator, Snapshot};
use crate::drag::{Hand, Play, Rules};
use crate::table::Table;

/// The ticks asked for while a card slides: a step of the slide each
/// (the original's `ANIMATION-TIME` over its `ANIMATION-STEPS`), a frame
/// each.
pub const SLIDE_TICK: Duration = Duration::from_millis(60);

/// The ticks asked for while a computer player's next step only waits its
/// moment to be shown (no card slides): nothing on screen changes, and
/// each tick costs the window a frame; a step is shown at most this late.
pub const WAIT_TICK: Duration = Duration::from_millis(100);

/// Where the player let go of dragged cards: pile, lowest index, the
/// lowest card's corner ([`Hand::dragging`]).
pub type Drag = Option<(usize, usize, Point)>;

/// The host, the table, the hand, the slides and the ticks of a card
/// game's window.
pub struct View {
    /// The launcher, for ticks, the pointer's shape and whatever else the
    /// game asks of it.
    pub host: Host,
    /// The table as drawn: the game's state put on piles.
    pub table: Table,
    /// The player's pointer, drag and keyboard cursor over the table.
    pub hand: Hand,
    /// The cards sliding now.
    pub anim: Animator,
    /// The interval of the ticks asked of the host, if any.
    ticks: Option<Duration>,
}

impl View {
    /// A view of `table` in the window of `host`: nothing held, moving or
    /// ticking. The host is asked to lay the canvas out to the window (the
    /// table fits its cards to any size).
    pub fn new(host: Host, table: Table) -> View {
        host.request_layout(true);
        View {
            host,
            table,
            hand: Hand::new(),
            anim: Animator::new(),
            ticks: None,
        }
    }

    /// After a new deal or a load: nothing held, nothing sliding.
    pub fn reset(&mut self) {
        self.hand.reset();
        self.anim.finish();
    }

    /// Where every card is now, to slide from after a move; cards the
    /// player dragged (`drag`) land from where they were let go, each as
    /// far from the lowest as in its pile.
    pub fn snapshot(&self, drag: Drag) -> Snapshot {
        let mut before = Snapshot::of(&self.table);
        if let Some((pile, index, corner)) = drag {
            let first: usize = self.table.piles[..pile].iter().map(|p| p.cards.len()).sum();
            let base = self.table.card_pos(pile, index);
            for i in index..self.table.piles[pile].cards.len() {
                let at = self.table.card_pos(pile, i);
                if let Some(entry) = before.0.get_mut(first + i) {
                    entry.1 = Point::new(corner.x + at.x - base.x, corner.y + at.y - base.y);
                }
            }
        }
        before
    }

    /// Slides every card whose place or side changed since `before`.
    pub fn slide_from(&mut self, before: &Snapshot) {
        self.anim.start(before, &self.table);
    }

    /// Moves the slides on by a tick of `dt` seconds; whether anything
    /// moved (a frame to draw).
    pub fn tick(&mut self, dt: f32) -> bool {
        self.anim.tick(dt)
    }

    /// Asks the host for [`SLIDE_TICK`]s while a card slides, else for
    /// ticks every `idle` (a game's clock, a computer's step waiting its
    /// moment), else none; each change asked once.
    pub fn want_ticks(&mut self, idle: Option<Duration>) {
        let wanted = if self.anim.is_running() {
            Some(SLIDE_TICK)
        } else {
            idle
        };
        if wanted != self.ticks {
            match wanted {
                Some(interval) => self.host.request_ticks(interval),
                None => self.host.stop_ticks(),
            }
            self.ticks = wanted;
        }
    }

    /// What a game whose only ticks are slides does with `event` if it is
    /// a tick: the slides move on (a frame), and ticks stop after the
    /// last. `None` for any other event.
    pub fn slide_tick(&mut self, event: &Event) -> Option<Response> {
        let Event::Tick { dt } = event else {
            return None;
        };
        self.tick(*dt);
        self.want_ticks(None);
        Some(Response::REDRAW)
    }

    /// The interval of the ticks asked of the host, if any.
    pub fn ticks(&self) -> Option<Duration> {
        self.ticks
    }

    /// Lays the table out to a canvas of `size`; what was sliding is
    /// where it goes (its places are the old layout's).
    pub fn lay_out(&mut self, size: Point) {
        self.anim.finish();
        self.table.lay_out(size);
    }

    /// Draws the table, the hand over it and the sliding cards.
    pub fn draw(&self, painter: &mut dyn Painter) {
        self.hand
            .draw_with(&self.table, painter, &|p, i| self.anim.hides(p, i));
        self.anim.draw_moving(&self.table, painter);
    }

    /// Draws "You win!" centred at the fractions `at` of the canvas's
    /// width and height, when `won` and no card slides any more.
    pub fn draw_win(&self, painter: &mut dyn Painter, won: bool, at: (f32, f32)) {
        if won && !self.anim.is_running() {
            let size = self.table.canvas_size();
            let at = Point::new(size.x * at.0, size.y * at.1);
            self.table
                .layout()
                .draw_result(painter, at, 0.5, "You win!");
        }
    }

    /// Feeds `event` to the hand under `rules`, with the pointer's shape
    /// asked of the host: what the player did, with where dragged cards
    /// were let go ([`View::snapshot`]'s `drag`), and whether to redraw.
    pub fn point(&mut self, rules: &dyn Rules, event: &Event) -> (Option<(Play, Drag)>, bool) {
        let drag = self.hand.dragging();
        let (play, changed) = self
            .hand
            .handle_pointing(&self.table, rules, event, &self.host);
        (play.map(|p| (p, drag)), changed)
    }

    /// `status` with the hand's word for screen readers after it, in
    /// brackets ("… (at the seven of hearts, top of column 2)").
    pub fn with_hand(&self, mut status: String) -> String {
        if let Some(hand) = self.hand.describe(&self.table) {
            status.push_str(&format!(" ({hand})"));
        }
        status
    }

    /// The table's regions for screen readers, with the cards of a hand
    /// laid out a pile a card from pile `first` on (each overlapping the
    /// next) clipped to the part that shows, so that activating one hits
    /// its card.
    pub fn regions_of_hand(&self, first: usize) -> Vec<Region> {
        let mut regions = self.table.regions();
        let n = self.table.piles.len();
        let mut k = first;
        for r in &mut regions {
            if k < n
                && r.label
                    .contains(&format!("top of {}", self.table.piles[k].name))
            {
                if k + 1 < n {
                    let next = self.table.card_pos(k + 1, 0).x;
                    r.size.x = r.size.x.min(next - r.min.x).max(1.0);
                }
                k += 1;
            }
        }
        regions
    }
}

/// Writes, inside a card game's `impl Game`, the methods every card game
/// on a [`View`] (a field `view`) writes the same way: its canvas is the
/// table's, its title `$title`, its status line its `status_text()`. With
/// `lay_out`, a new canvas size lays the table out again and asks for the
/// ticks its `update_ticks()` wants; with `regions`, the regions are the
/// table's.
///
/// ```
/// use cards::view::View;
/// use cards::{Fan, Pile, Table};
/// use game_api::{Event, Game, GameError, Host, Painter, Point, Response};
///
/// struct Solo {
///     view: View,
/// }
///
/// impl Solo {
///     fn status_text(&self) -> String {
///         "Nothing to do.".into()
///     }
///     fn update_ticks(&mut self) {
///         self.view.want_ticks(None);
///     }
/// }
///
/// impl Game for Solo {
///     cards::table_window!("Solo", lay_out, regions);
///
///     fn new(host: Host) -> Result<Self, GameError> {
///         let mut table = Table::new(1.0, 1.0);
///         table.add_pile(Pile::new("deck", (0.0, 0.0), Fan::Stacked));
///         Ok(Solo { view: View::new(host, table) })
///     }
///     fn draw(&self, painter: &mut dyn Painter) {
///         self.view.draw(painter);
///     }
///     fn handle_event(&mut self, _: &Event) -> Response {
///         Response::NONE
///     }
/// }
///
/// let mut game = Solo::new(Host::detached()).unwrap();
/// assert_eq!(game.title(), "Solo");
/// assert_eq!(game.status(), "Nothing to do.");
/// game.lay_out_canvas(Point::new(300.0, 400.0));
/// assert_eq!(game.canvas_size(), game.view.table.canvas_size());
/// assert_eq!(game.regions()[0].label, "deck, empty");
/// ```
#[macro_export]
macro_rules! table_window {
    ($title:expr $(, $part:ident)*) => {
        fn canvas_size(&self) -> $crate::view::Point {
            self.view.table.canvas_size()
        }
        fn title(&self) -> String {
            String::from($title)
        }
        fn status(&self) -> String {
            self.status_text()
        }
        $($crate::table_window!(@ $part);)*
    };
    (@ lay_out) => {
        fn lay_out_canvas(&mut self, size: $crate::view::Point) -> $crate::view::Response {
            self.view.lay_out(size);
            self.update_ticks();
            $crate::view::Response::REDRAW
        }
    };
    (@ regions) => {
        fn regions(&self) -> Vec<$crate::view::Region> {
            self.view.table.regions()
        }
    };
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::card::Card;
    use crate::table::{Fan, Hit, Pile, TableCard};
    use crate::{Rank, Suit};

    fn card(rank: u8) -> TableCard {
        TableCard::up(Card::new(Rank::new(rank).unwrap(), Suit::Hearts))
    }

    /// Two columns, three cards on the left.
    fn view() -> View {
        let mut table = Table::new(3.0, 3.0);
        table.add_pile(Pile::new("left", (0.0, 0.0), Fan::Down));
        table.add_pile(Pile::new("right", (1.0, 0.0), Fan::Down));
        table.piles[0].cards = vec![card(1), card(2), card(3)];
        let mut v = View::new(Host::detached(), table);
        v.lay_out(Point::new(600.0, 600.0));
        v
    }

    #[test]
    fn dragged_cards_slide_from_where_they_were_let_go_the_rest_from_their_places() {
        let v = view();
        let corner = Point::new(300.0, 400.0);
        let before = v.snapshot(Some((0, 1, corner)));
        let step = v.table.card_pos(0, 2).y - v.table.card_pos(0, 1).y;
        assert_eq!(before.0[0].1, v.table.card_pos(0, 0), "not dragged");
        assert_eq!(before.0[1].1, corner);
        assert_eq!(before.0[2].1, Point::new(corner.x, corner.y + step));
        assert_eq!(v.snapshot(None), Snapshot::of(&v.table));
    }

    /// [`view`] with its left column's top card sliding to the right.
    fn sliding() -> View {
        let mut v = view();
        let before = v.snapshot(None);
        let moved = v.table.piles[0].cards.pop().unwrap();
        v.table.piles[1].cards.push(moved);
        v.slide_from(&before);
        v
    }

    #[test]
    fn ticks_are_fast_while_a_card_slides_then_the_games_own_then_none() {
        let mut v = sliding();
        v.want_ticks(Some(WAIT_TICK));
        assert_eq!(v.ticks(), Some(SLIDE_TICK));
        let mut frames = 0;
        while v.tick(0.05) {
            frames += 1;
            assert!(frames < 100, "the slide never ends");
        }
        v.want_ticks(Some(WAIT_TICK));
        assert_eq!(v.ticks(), Some(WAIT_TICK));
        v.want_ticks(None);
        assert_eq!(v.ticks(), None);
    }

    #[test]
    fn a_new_layout_ends_the_slides() {
        let mut v = sliding();
        assert!(v.anim.is_running());
        v.lay_out(Point::new(300.0, 300.0));
        assert!(!v.anim.is_running());
    }

    #[test]
    fn a_game_whose_only_ticks_are_slides_draws_each_and_stops_after_the_last() {
        let mut v = sliding();
        v.want_ticks(None);
        assert_eq!(v.slide_tick(&Event::key("Enter")), None, "not a tick");
        let mut frames = 0;
        while v.ticks().is_some() {
            assert_eq!(
                v.slide_tick(&Event::Tick { dt: 0.05 }),
                Some(Response::REDRAW)
            );
            frames += 1;
            assert!(frames < 100, "the ticks never stop");
        }
        assert!(!v.anim.is_running());
    }

    #[test]
    fn you_win_is_drawn_once_won_and_every_card_has_landed() {
        let drawn = |v: &View, won: bool| {
            let mut p = game_api::RecordingPainter::new();
            v.draw_win(&mut p, won, (0.5, 0.25));
            p.shapes.iter().any(
                |s| matches!(s, game_api::Shape::StyledText { text, .. } if text == "You win!"),
            )
        };
        let mut v = sliding();
        assert!(!drawn(&v, true), "a card still slides");
        v.lay_out(Point::new(600.0, 600.0));
        assert!(drawn(&v, true));
        assert!(!drawn(&v, false));
    }

    #[test]
    fn the_hands_word_follows_the_status_in_brackets() {
        let mut v = view();
        assert_eq!(v.with_hand("Your turn.".into()), "Your turn.");
        v.hand.focus = Some(crate::drag::Focus::Pile { pile: 1, index: 0 });
        assert_eq!(
            v.with_hand("Your turn.".into()),
            "Your turn. (at right, empty)"
        );
    }

    #[test]
    fn a_hands_overlapping_cards_are_clipped_to_what_shows_and_hit_at_their_centres() {
        let mut table = Table::new(6.0, 2.0);
        table.add_pile(Pile::new("deck", (0.0, 0.0), Fan::Stacked));
        for i in 0..5 {
            let mut pile = Pile::new("your hand", (1.0 + 0.3 * i as f32, 0.0), Fan::Stacked);
            pile.cards.push(card(i + 1));
            table.add_pile(pile);
        }
        let mut v = View::new(Host::detached(), table);
        v.lay_out(Point::new(600.0, 200.0));
        let hand: Vec<Region> = v
            .regions_of_hand(1)
            .into_iter()
            .filter(|r| r.label.contains("top of your hand"))
            .collect();
        assert_eq!(hand.len(), 5);
        for (i, r) in hand.iter().enumerate() {
            assert_eq!(
                v.table.hit(r.center()),
                Hit::Card {
                    pile: 1 + i,
                    index: 0
                }
            );
        }
        let whole = v.table.layout().card().x;
        assert!(hand[0].size.x < whole / 2.0, "clipped by the next card");
        assert_eq!(hand[4].size.x, whole, "the last shows whole");
    }
}
