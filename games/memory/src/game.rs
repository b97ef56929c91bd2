//! [`MemoryGame`], the [`Game`] the launcher runs: the rules of
//! [`crate::rules`] on a [`cards::Table`] of twenty one-card places in the
//! original's five columns and four rows, with the pile of matched pairs
//! and the clock at the right. Click a card (or move the keyboard cursor
//! with the arrows and press Enter or Space) to turn it over; two cards
//! stay showing for [`SHOW_SECONDS`] after they have turned (or until the
//! next click), then a pair slides to the matched pile and a mismatch
//! turns back. The clock starts at the first card turned and stops when
//! the last pair is found; New game, Restart and the Game ID are the
//! launcher's midend, built on [`SaveLoad`] and [`NewGame`].

use std::time::Duration;

use cards::drag::{Focus, NoDrag};
use cards::table::Faces;
use cards::view::{SLIDE_TICK, View};
use cards::{Fan, Hit, Pile, Play, Table, TableCard};
use game_api::{
    Anchor, Event, Game, GameError, Host, NewGame, Outcome, Outcomes, Painter, Point, Region,
    Response, Rgba, SaveLoad, ScoreKind, TextStyle, UndoRule,
};

use crate::pictures;
use crate::rules::{CARDS, Flip, Illegal, Memory, PAIRS, WIDTH, place};
use crate::save::{Saved, game_id, parse_game_id};

/// The matched pile's index in the table (after the twenty places).
pub const MATCHED: usize = CARDS;
/// How long two turned cards stay showing once they have turned over, in
/// seconds (the original's `(send t pause 0.5)`).
pub const SHOW_SECONDS: f32 = 0.5;
/// The grid: five columns of cards, the matched pile's column with room
/// around it, four rows (the original's table is `WIDTH + 2` by
/// `HEIGHT + 1` cards, spaced a seventh of a card).
const GRID: (f32, f32) = (6.4, 4.0);
/// The matched pile's column.
const MATCHED_COLUMN: f32 = 5.4;
/// The most a tick may add to the clock, in seconds: the launcher sends
/// no ticks while the window is minimised, and the gap is not play.
const MAX_TICK: f32 = 0.5;
/// Ticks while only the clock runs.
const CLOCK_TICK: Duration = Duration::from_millis(200);

/// The clock as the original shows it: `MM:SS`, `XX:XX` from 100 minutes.
///
/// ```
/// assert_eq!(memory::game::clock_text(0.0), "00:00");
/// assert_eq!(memory::game::clock_text(83.9), "01:23");
/// assert_eq!(memory::game::clock_text(6000.0), "XX:XX");
/// ```
pub fn clock_text(seconds: f64) -> String {
    let secs = seconds.max(0.0).floor() as u64;
    if secs >= 6000 {
        "XX:XX".into()
    } else {
        format!("{:02}:{:02}", secs / 60, secs % 60)
    }
}

/// `text` with its first letter in capitals.
fn capitalised(text: &str) -> String {
    let mut chars = text.chars();
    chars
        .next()
        .map(|c| c.to_uppercase().chain(chars).collect())
        .unwrap_or_default()
}

/// The game in its window.
pub struct MemoryGame {
    view: View,
    game: Memory,
    seed: u64,
    /// Seconds on the clock; `None` before the first card is turned.
    clock: Option<f64>,
    /// The clock as of the last card turned: what a save holds, so that
    /// ticks alone never change the save (the launcher would record each
    /// as a move to undo).
    turned_at: Option<f64>,
    /// Seconds the showing pair has shown (once turned).
    shown_for: f32,
    /// A word for the status line about the last turn.
    message: Option<String>,
}

impl MemoryGame {
    /// A game dealt from `seed`, with `host`.
    pub fn with_seed(host: Host, seed: u64) -> MemoryGame {
        let mut game = MemoryGame {
            view: View::new(host, Self::empty_table()),
            game: Memory::deal(seed),
            seed,
            clock: None,
            turned_at: None,
            shown_for: 0.0,
            message: None,
        };
        game.restart_view();
        game
    }

    /// The rules' state.
    pub fn memory(&self) -> &Memory {
        &self.game
    }

    /// The table as drawn.
    pub fn table(&self) -> &Table {
        &self.view.table
    }

    /// Seconds on the clock, `None` before the first turn.
    pub fn clock(&self) -> Option<f64> {
        self.clock
    }

    fn empty_table() -> Table {
        let mut t = Table::new(GRID.0, GRID.1);
        t.card_widths = (24.0, 150.0);
        t.faces = Faces {
            draw: Some(pictures::draw_face),
            name: Some(pictures::name),
        };
        for pos in 0..CARDS {
            let (col, row) = place(pos);
            t.add_pile(Pile::new(
                format!("row {} column {}", row + 1, col + 1),
                (col as f32, row as f32),
                Fan::Stacked,
            ));
        }
        t.add_pile(Pile::new(
            "matched pairs",
            (MATCHED_COLUMN, 0.0),
            Fan::Stacked,
        ));
        t
    }

    /// After a new deal or a load: nothing moving or said.
    fn restart_view(&mut self) {
        self.view.reset();
        self.shown_for = 0.0;
        self.message = None;
        self.sync();
        self.update_ticks();
    }

    fn new_deal(&mut self, seed: u64) {
        self.game = Memory::deal(seed);
        self.seed = seed;
        self.clock = None;
        self.turned_at = None;
        self.restart_view();
    }

    /// The kit's card at place `pos`.
    fn card_at(&self, pos: usize) -> cards::Card {
        let twin = self.game.twin(pos) < pos;
        pictures::card_of(self.game.cards[pos], twin)
    }

    /// Puts the rules' state on the table: a card at each place not yet
    /// matched (face up when turned), the matched ones on the pile in the
    /// order found.
    fn sync(&mut self) {
        for pos in 0..CARDS {
            let card = self.card_at(pos);
            self.view.table.piles[pos].cards = if self.game.removed[pos] {
                Vec::new()
            } else if self.game.face_up(pos) {
                vec![TableCard::up(card)]
            } else {
                vec![TableCard::down(card)]
            };
        }
        // The matched pile keeps its order; new pairs go on top.
        let mut matched: Vec<TableCard> = self.view.table.piles[MATCHED]
            .cards
            .iter()
            .copied()
            .filter(|c| (0..CARDS).any(|p| self.game.removed[p] && self.card_at(p) == c.card))
            .collect();
        for pos in 0..CARDS {
            let card = self.card_at(pos);
            if self.game.removed[pos] && !matched.iter().any(|c| c.card == card) {
                matched.push(TableCard::up(card));
            }
        }
        self.view.table.piles[MATCHED].cards = matched;
    }

    fn clock_running(&self) -> bool {
        self.clock.is_some() && !self.game.all_found()
    }

    /// Ticks fast while a card slides or a pair shows, slowly while only
    /// the clock runs.
    fn update_ticks(&mut self) {
        let idle = if self.game.showing.is_some() {
            Some(SLIDE_TICK)
        } else if self.clock_running() {
            Some(CLOCK_TICK)
        } else {
            None
        };
        self.view.want_ticks(idle);
    }

    /// Turns the card at `pos` as a click does; whether anything changed.
    pub fn turn(&mut self, pos: usize) -> bool {
        let before = self.view.snapshot(None);
        if self.game.won() {
            self.message = Some("Every pair is found: start a new game to play again.".into());
            return true;
        }
        match self.game.flip(pos) {
            Ok(flip) => {
                if self.clock.is_none() {
                    self.clock = Some(0.0);
                }
                self.turned_at = self.clock;
                self.shown_for = 0.0;
                self.message = Some(match flip {
                    Flip::First => format!(
                        "{} is face up: turn another card to find its twin.",
                        capitalised(&self.game.cards[pos].with_article())
                    ),
                    Flip::Cancelled => "The card is face down again.".into(),
                    Flip::Match(..) => {
                        format!("Two of the {}: a pair!", self.game.cards[pos].name())
                    }
                    Flip::Mismatch(a, b) => format!(
                        "{} and {}: no pair; they turn back.",
                        capitalised(&self.game.cards[a].with_article()),
                        self.game.cards[b].with_article()
                    ),
                });
                if self.game.all_found() {
                    self.message = None;
                }
            }
            Err(Illegal::Removed) => {
                self.message =
                    Some("That pair is found already: pick a card still on the table.".into());
            }
            Err(Illegal::OffTable) | Err(Illegal::Over) => {}
        }
        self.sync();
        self.view.slide_from(&before);
        self.update_ticks();
        true
    }

    /// Ends the showing pair now (its delay run out): the pair slides to
    /// the matched pile, or the two cards turn back.
    pub fn settle(&mut self) -> bool {
        let before = self.view.snapshot(None);
        let Some((_, _, matched)) = self.game.settle() else {
            return false;
        };
        if !matched || !self.game.won() {
            self.message = None;
        }
        self.shown_for = 0.0;
        self.sync();
        self.view.slide_from(&before);
        self.update_ticks();
        true
    }

    fn play(&mut self, play: Play) -> bool {
        match play {
            // A double click is its two clicks (the original has no
            // double-click action): the event after them does nothing.
            Play::Click(Hit::Card { pile, .. }) if pile < CARDS => self.turn(pile),
            Play::Click(Hit::Pile(pile)) if pile < CARDS => self.turn(pile),
            Play::Click(Hit::Card { pile: MATCHED, .. }) if self.game.won() => {
                // The original deals again on a click once all are found.
                let host = self.view.host;
                host.new_game_or(|seed| self.new_deal(seed));
                true
            }
            _ => false,
        }
    }

    /// Moves the keyboard cursor a row up or down among the places.
    fn cursor_row(&mut self, down: bool) -> bool {
        let pile = match self.view.hand.focus {
            Some(Focus::Pile { pile, .. }) if pile < CARDS => pile,
            Some(Focus::Pile { .. }) => return false,
            _ => 0,
        };
        let next = if down {
            (pile + WIDTH) % CARDS
        } else {
            (pile + CARDS - WIDTH) % CARDS
        };
        self.view.hand.focus = Some(Focus::Pile {
            pile: next,
            index: 0,
        });
        true
    }

    fn status_text(&self) -> String {
        let g = &self.game;
        let clock = clock_text(self.clock.unwrap_or(0.0));
        if g.all_found() {
            return format!(
                "All {PAIRS} pairs found in {clock} with {} cards turned. You win! Click the matched pairs to play again.",
                g.turns
            );
        }
        let mut s = String::new();
        if let Some(m) = &self.message {
            s.push_str(m);
            s.push(' ');
        } else {
            s.push_str("Click a card to turn it over, then another to find its twin. ");
        }
        s.push_str(&format!(
            "{} of {PAIRS} pairs found; clock {clock}.",
            g.matches
        ));
        if self.clock.is_none() {
            s.push_str(" The clock starts at the first card.");
        }
        self.view.with_hand(s)
    }

    /// Where the clock is drawn: under the matched pile.
    fn clock_rect(&self) -> (Point, Point) {
        let l = self.view.table.layout();
        let min = l.place((MATCHED_COLUMN, 1.0));
        (min, Point::new(l.card_width, l.card_width * 0.35))
    }

    fn saved(&self) -> Saved {
        Saved {
            game: self.game.clone(),
            seed: self.seed,
            clock: self.turned_at,
        }
    }
}

impl Game for MemoryGame {
    cards::table_window!("Memory", lay_out);

    fn new(host: Host) -> Result<Self, GameError> {
        host.request_input(game_api::InputKinds::ALL);
        Ok(MemoryGame::with_seed(host, game_api::rng::fresh_seed()))
    }

    fn draw(&self, painter: &mut dyn Painter) {
        self.view.draw(painter);
        let (min, size) = self.clock_rect();
        painter.rounded_rect(
            min,
            size,
            size.y * 0.2,
            game_api::Style::solid(Rgba::rgb(20, 70, 40)),
        );
        painter.styled_text(
            Point::new(min.x + size.x / 2.0, min.y + size.y / 2.0),
            Anchor::Center,
            size.y * 0.7,
            Rgba::rgb(255, 255, 255),
            TextStyle::BOLD.monospace(),
            &clock_text(self.clock.unwrap_or(0.0)),
        );
        self.view.draw_win(painter, self.game.won(), (0.42, 0.5));
    }

    fn handle_event(&mut self, event: &Event) -> Response {
        if let Event::Tick { dt } = event {
            // A long gap (the window was hidden) counts as one tick's worth.
            let dt = dt.clamp(0.0, MAX_TICK);
            let mut redraw = false;
            if self.clock_running()
                && let Some(c) = &mut self.clock
            {
                let shown = c.floor();
                *c += f64::from(dt);
                redraw |= c.floor() != shown;
            }
            if self.view.anim.is_running() {
                self.view.tick(dt);
                redraw = true;
            } else if self.game.showing.is_some() {
                self.shown_for += dt;
                if self.shown_for >= SHOW_SECONDS {
                    redraw |= self.settle();
                }
            }
            self.update_ticks();
            return Response::redraw_if(redraw);
        }
        if let Event::KeyPress { key, .. } = event
            && (key == "ArrowUp" || key == "ArrowDown")
        {
            return Response::redraw_if(self.cursor_row(key == "ArrowDown"));
        }
        let (play, changed) = self.view.point(&NoDrag, event);
        let played = play.is_some_and(|(p, _)| self.play(p));
        Response::redraw_if(changed || played)
    }

    fn regions(&self) -> Vec<Region> {
        let mut regions = self.view.table.regions();
        let (min, size) = self.clock_rect();
        regions.push(Region::new(
            format!("clock {}", clock_text(self.clock.unwrap_or(0.0))),
            min,
            size,
        ));
        regions
    }
}

impl NewGame for MemoryGame {
    fn new_game(&mut self, seed: u64) {
        self.new_deal(seed);
    }

    fn game_id(&self) -> String {
        game_id(self.seed)
    }

    fn start_from_game_id(&mut self, id: &str) -> Result<(), GameError> {
        let seed = parse_game_id(id).map_err(GameError)?;
        self.new_deal(seed);
        Ok(())
    }
}

impl Outcomes for MemoryGame {
    /// Won once every pair is found, with the seconds on the clock as the
    /// score (fewest is best). A game is never lost.
    /// Every move turns cards over (or back), so undoing one shows the
    /// player cards again: it may be undone, but the game then counts as
    /// helped.
    fn outcome(&self) -> Outcome {
        let outcome = if self.game.all_found() {
            Outcome::won().with_score(self.clock.unwrap_or(0.0).floor() as i64)
        } else {
            Outcome::PLAYING
        };
        outcome.with_undo(UndoRule::Assists)
    }

    fn score_kind(&self) -> ScoreKind {
        ScoreKind::fewest("seconds")
    }
}

impl SaveLoad for MemoryGame {
    /// The text of [`crate::save`].
    fn save(&self) -> Vec<u8> {
        crate::save::write(&self.saved())
    }

    fn load(&mut self, bytes: &[u8]) -> Result<(), GameError> {
        let saved = crate::save::read(bytes).map_err(GameError)?;
        self.game = saved.game;
        self.seed = saved.seed;
        self.clock = saved.clock;
        self.turned_at = saved.clock;
        self.view.table.piles[MATCHED].cards.clear();
        self.restart_view();
        Ok(())
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::rules::Picture;

    fn click(g: &mut MemoryGame, pos: usize) {
        let at = g.view.table.card_pos(pos, 0);
        let at = Point::new(at.x + 5.0, at.y + 5.0);
        g.handle_event(&Event::press(at));
        g.handle_event(&Event::release(at));
    }

    /// Clicks the first card and its twin; the twin's place.
    fn click_a_pair(g: &mut MemoryGame) -> usize {
        let t = g.game.twin(0);
        click(g, 0);
        click(g, t);
        t
    }

    fn run(g: &mut MemoryGame, seconds: f32) {
        // Quarter seconds add up exactly.
        for _ in 0..(seconds * 4.0).round() as usize {
            g.handle_event(&Event::Tick { dt: 0.25 });
        }
    }

    #[test]
    fn a_mismatch_shows_then_turns_back_on_ticks() {
        let mut g = MemoryGame::with_seed(Host::detached(), 5);
        let other = (1..CARDS)
            .find(|&p| g.game.cards[p] != g.game.cards[0])
            .unwrap();
        click(&mut g, 0);
        click(&mut g, other);
        assert!(g.view.table.piles[other].cards[0].face_up);
        run(&mut g, 0.25);
        assert!(g.view.table.piles[other].cards[0].face_up, "still showing");
        run(&mut g, 1.0);
        assert!(!g.view.table.piles[other].cards[0].face_up);
        assert!(!g.view.table.piles[0].cards[0].face_up);
        assert!(g.clock().unwrap() > 1.0);
    }

    #[test]
    fn an_unhappy_face_is_named_with_an_and_every_turn_assists_when_undone() {
        let mut g = MemoryGame::with_seed(Host::detached(), 5);
        let unhappy = (0..CARDS)
            .find(|&p| g.game.cards[p] == Picture::Unhappy)
            .unwrap();
        click(&mut g, unhappy);
        assert!(
            g.status().starts_with("An unhappy face is face up"),
            "{}",
            g.status()
        );
        // Undoing a turn shows its card again: allowed, but helped.
        assert_eq!(g.outcome().undo, UndoRule::Assists);
        let other = (0..CARDS)
            .find(|&p| p != unhappy && g.game.cards[p] == Picture::Star)
            .unwrap();
        click(&mut g, other);
        assert!(
            g.status()
                .starts_with("An unhappy face and a star: no pair"),
            "{}",
            g.status()
        );
        assert_eq!(Picture::Club.with_article(), "a club");
    }

    #[test]
    fn a_match_slides_to_the_matched_pile() {
        let mut g = MemoryGame::with_seed(Host::detached(), 6);
        click_a_pair(&mut g);
        assert!(g.status().contains("a pair!"), "{}", g.status());
        run(&mut g, 2.0);
        assert!(g.view.table.piles[0].cards.is_empty());
        assert_eq!(g.view.table.piles[MATCHED].cards.len(), 2);
        assert!(g.status().contains("1 of 10 pairs found"), "{}", g.status());
    }

    #[test]
    fn the_next_click_ends_a_showing_pair_at_once() {
        let mut g = MemoryGame::with_seed(Host::detached(), 7);
        let t = click_a_pair(&mut g);
        let third = (1..CARDS).find(|&p| p != t).unwrap();
        click(&mut g, third);
        assert_eq!(g.game.matches, 1);
        assert!(g.game.face_up(third));
    }

    #[test]
    fn the_clock_starts_at_the_first_card_and_stops_at_the_last_pair() {
        let mut g = MemoryGame::with_seed(Host::detached(), 8);
        run(&mut g, 1.0);
        assert_eq!(g.clock(), None);
        for p in 0..CARDS {
            if g.game.removed[p] || g.game.face_up(p) {
                continue;
            }
            let t = g.game.twin(p);
            click(&mut g, p);
            click(&mut g, t);
            run(&mut g, 1.0);
        }
        assert!(g.game.won());
        // Nine seconds between the first card and the last pair.
        assert_eq!(
            g.outcome(),
            Outcome::won().with_score(9).with_undo(UndoRule::Assists)
        );
        let stopped = g.clock();
        run(&mut g, 5.0);
        assert_eq!(g.clock(), stopped);
        assert!(g.status().contains("You win!"));
    }

    #[test]
    fn a_double_click_is_its_two_clicks_and_no_more() {
        let mut g = MemoryGame::with_seed(Host::detached(), 10);
        click(&mut g, 3);
        click(&mut g, 3);
        let at = g.view.table.card_pos(3, 0);
        g.handle_event(&Event::DoubleClick {
            pos: Point::new(at.x + 5.0, at.y + 5.0),
            button: game_api::Button::Primary,
            modifiers: Default::default(),
        });
        assert!(!g.game.face_up(3), "turned up and back, as two clicks");
        assert_eq!(g.game.turns, 2);
    }

    #[test]
    fn arrows_walk_the_rows_and_enter_turns() {
        let mut g = MemoryGame::with_seed(Host::detached(), 9);
        g.handle_event(&Event::key("ArrowRight"));
        g.handle_event(&Event::key("ArrowDown"));
        g.handle_event(&Event::key("Enter"));
        assert!(g.game.face_up(WIDTH + 1), "{:?}", g.view.hand.focus);
    }
}
