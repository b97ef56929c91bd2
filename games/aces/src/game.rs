//! [`AcesGame`], the [`Game`] the launcher runs: the rules of
//! [`crate::rules`] on a [`cards::Table`] laid out to the window: the deck
//! at the left, the four stacks fanned down beside it, and the removed
//! cards at the right. As in the original, a click on a stack's top card
//! removes it when it may go, else moves it to the first empty stack, and
//! a click on the deck deals four; a top card may also be dragged to an
//! empty stack or onto the removed pile. Cards slide on ticks, but the
//! state changes at once. New game, Restart, Undo, Redo and the Game ID
//! are the launcher's midend, built on [`SaveLoad`] and [`NewGame`].

use cards::anim::Snapshot;
use cards::drag::Focus;
use cards::view::{Drag, View};
use cards::{Fan, Hit, Pile, Play, Rules, Table, TableCard};
use game_api::{
    Anchor, Event, Game, GameError, Host, NewGame, Outcome, Outcomes, Painter, Point, Response,
    Rgba, SaveLoad, TextStyle,
};

use crate::rules::{Aces, End, Move, STACKS};
use crate::save::{Saved, game_id, parse_game_id};

/// The deck's pile index in the table.
pub const DECK: usize = 0;
/// The first of the four stacks.
pub const STACK: usize = 1;
/// The removed cards' pile.
pub const REMOVED: usize = STACK + STACKS;

/// The grid: the deck, four stacks and the removed pile across; a stack
/// of thirteen cards down.
const GRID: (f32, f32) = (6.0, 3.7);

fn plural(n: usize, one: &str, many: &str) -> String {
    format!("{n} {}", if n == 1 { one } else { many })
}

/// The game in its window.
pub struct AcesGame {
    view: View,
    game: Aces,
    seed: u64,
    /// A word for the status line after a refused click.
    message: Option<String>,
}

/// The drag rules: a stack's top card moves, to an empty stack, or onto
/// the removed pile when it may go.
struct AcesRules<'a>(&'a Aces);

impl Rules for AcesRules<'_> {
    fn movable(&self, t: &Table, pile: usize, index: usize) -> bool {
        (STACK..REMOVED).contains(&pile) && index + 1 == t.piles[pile].cards.len()
    }
    fn accepts(&self, _: &Table, from: usize, _: usize, to: usize) -> bool {
        to_move(from, to).is_some_and(|mv| self.0.check(mv).is_ok())
    }
}

/// The move a card dragged from pile `from` to pile `to` would make.
fn to_move(from: usize, to: usize) -> Option<Move> {
    if !(STACK..REMOVED).contains(&from) {
        return None;
    }
    match to {
        REMOVED => Some(Move::Remove(from - STACK)),
        t if (STACK..REMOVED).contains(&t) => Some(Move::ToEmpty {
            from: from - STACK,
            to: t - STACK,
        }),
        _ => None,
    }
}

impl AcesGame {
    /// A game dealt from `seed`, with `host`.
    pub fn with_seed(host: Host, seed: u64) -> AcesGame {
        let mut game = AcesGame {
            view: View::new(host, Self::empty_table()),
            game: Aces::deal(seed),
            seed,
            message: None,
        };
        game.restart_view();
        game
    }

    /// The rules' state.
    pub fn aces(&self) -> &Aces {
        &self.game
    }

    /// The table as drawn.
    pub fn table(&self) -> &Table {
        &self.view.table
    }

    fn empty_table() -> Table {
        let mut t = Table::new(GRID.0, GRID.1);
        t.card_widths = (24.0, 130.0);
        t.add_pile(Pile::new("deck", (0.0, 0.0), Fan::Stacked));
        for s in 0..STACKS {
            t.add_pile(Pile::new(
                format!("stack {}", s + 1),
                ((1 + s) as f32, 0.0),
                Fan::Down,
            ));
        }
        t.add_pile(Pile::new("removed cards", (5.0, 0.0), Fan::Stacked));
        t
    }

    fn restart_view(&mut self) {
        self.view.reset();
        self.message = None;
        self.sync();
        self.update_ticks();
    }

    fn new_deal(&mut self, seed: u64) {
        self.game = Aces::deal(seed);
        self.seed = seed;
        self.restart_view();
    }

    /// Puts the rules' state on the table.
    fn sync(&mut self) {
        let g = &self.game;
        let piles = &mut self.view.table.piles;
        piles[DECK].cards = g.stock.iter().rev().map(|&c| TableCard::down(c)).collect();
        for s in 0..STACKS {
            piles[STACK + s].cards = g.stacks[s].iter().map(|&c| TableCard::up(c)).collect();
        }
        piles[REMOVED].cards = g.removed.iter().map(|&c| TableCard::up(c)).collect();
    }

    fn update_ticks(&mut self) {
        self.view.want_ticks(None);
    }

    /// Makes `mv` with its slide from `before`; a refusal's reason kept
    /// for the status line.
    fn make(&mut self, mv: Move, before: Snapshot) -> bool {
        match self.game.play(mv) {
            Ok(()) => {
                self.message = None;
                self.sync();
                self.view.slide_from(&before);
                self.update_ticks();
            }
            Err(refusal) => self.message = Some(format!("Refused: {refusal}.")),
        }
        true
    }

    /// Makes `mv` as if the player had (it slides); whether it was legal.
    pub fn play_move(&mut self, mv: Move) -> bool {
        let before = self.view.snapshot(None);
        self.game.check(mv).is_ok() && self.make(mv, before)
    }

    /// A click on stack `s`, as the original's: remove its top card, or
    /// move it to the first empty stack.
    fn click_stack(&mut self, s: usize, before: Snapshot) -> bool {
        match self.game.click(s) {
            Some(mv) => self.make(mv, before),
            None => {
                self.message = Some(if self.game.stacks[s].is_empty() {
                    "That stack is empty: a card moves to it by clicking or dragging a top card."
                        .into()
                } else {
                    "Refused: no higher card of its suit tops another stack, and no stack is empty."
                        .into()
                });
                true
            }
        }
    }

    fn click_deck(&mut self, before: Snapshot) -> bool {
        if self.game.end().is_some() {
            let host = self.view.host;
            host.new_game_or(|seed| self.new_deal(seed));
            return true;
        }
        self.make(Move::Deal, before)
    }

    fn play(&mut self, play: Play, drag: Drag) -> bool {
        let before = self.view.snapshot(drag);
        match play {
            Play::Move { from, to, .. } => match to_move(from, to) {
                Some(mv) => self.make(mv, before),
                None => false,
            },
            Play::Refused { from, to, .. } => {
                self.message = to
                    .and_then(|to| to_move(from, to))
                    .and_then(|mv| self.game.check(mv).err())
                    .map(|r| format!("Refused: {r}."));
                self.view.slide_from(&before);
                self.update_ticks();
                true
            }
            Play::Click(Hit::Card { pile: DECK, .. }) | Play::Click(Hit::Pile(DECK)) => {
                self.click_deck(before)
            }
            Play::Click(Hit::Card { pile, .. }) | Play::Click(Hit::Pile(pile))
                if (STACK..REMOVED).contains(&pile) =>
            {
                self.click_stack(pile - STACK, before)
            }
            _ => false,
        }
    }

    fn status_text(&self) -> String {
        let g = &self.game;
        match g.end() {
            Some(End::Won) => {
                return "Only the four aces are left. You win! Click the deck to play again."
                    .into();
            }
            Some(End::Lost) => {
                return format!(
                    "Game over: the deck is empty and no card can go, with {} on the stacks. Click the deck to play again.",
                    plural(g.left(), "card", "cards")
                );
            }
            None => {}
        }
        let mut s = String::new();
        if let Some(m) = &self.message {
            s.push_str(m);
            s.push(' ');
        }
        s.push_str(&format!(
            "{} in the deck, {} removed. Click a card to remove it when a higher card of its suit tops another stack, or to move it to an empty stack; click the deck to deal four.",
            plural(g.stock.len(), "card", "cards"),
            g.removed.len()
        ));
        self.view.with_hand(s)
    }

    fn saved(&self) -> Saved {
        Saved {
            game: self.game.clone(),
            seed: self.seed,
        }
    }
}

impl Game for AcesGame {
    cards::table_window!("Aces", lay_out, regions);

    fn new(host: Host) -> Result<Self, GameError> {
        host.request_input(game_api::InputKinds::ALL);
        Ok(AcesGame::with_seed(host, game_api::rng::fresh_seed()))
    }

    fn draw(&self, painter: &mut dyn Painter) {
        self.view.draw(painter);
        if let Some(end) = self.game.end()
            && !self.view.anim.is_running()
        {
            let size = self.view.table.canvas_size();
            let w = self.view.table.layout().card_width;
            let (text, colour) = match end {
                End::Won => ("You win!", cards::table::RESULT_INK),
                End::Lost => ("Game over", Rgba::rgb(255, 200, 200)),
            };
            painter.styled_text(
                Point::new(size.x / 2.0, size.y * 0.8),
                Anchor::Center,
                w * 0.45,
                colour,
                TextStyle::BOLD,
                text,
            );
        }
    }

    fn handle_event(&mut self, event: &Event) -> Response {
        if let Some(response) = self.view.slide_tick(event) {
            return response;
        }
        // Enter and Space do what a click does (the original has no
        // dragging): on a stack, remove or move its top card.
        if let Event::KeyPress { key, .. } = event
            && (key == "Enter" || key == "Space")
            && self.view.hand.held.is_none()
            && let Some(Focus::Pile { pile, .. }) = self.view.hand.focus
        {
            let cards = self.view.table.piles[pile].cards.len();
            let hit = match cards {
                0 => Hit::Pile(pile),
                n => Hit::Card { pile, index: n - 1 },
            };
            self.play(Play::Click(hit), None);
            return Response::REDRAW;
        }
        let (play, changed) = self.view.point(&AcesRules(&self.game), event);
        let played = play.is_some_and(|(p, drag)| self.play(p, drag));
        Response::redraw_if(changed || played)
    }
}

impl NewGame for AcesGame {
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

impl Outcomes for AcesGame {
    /// Won when only the four aces are left, lost when the deck is empty
    /// and no card can go; no score, as in the original.
    fn outcome(&self) -> Outcome {
        match self.game.end() {
            Some(End::Won) => Outcome::won(),
            Some(End::Lost) => Outcome::lost(),
            None => Outcome::PLAYING,
        }
    }
}

impl SaveLoad for AcesGame {
    /// The text of [`crate::save`].
    fn save(&self) -> Vec<u8> {
        crate::save::write(&self.saved())
    }

    fn load(&mut self, bytes: &[u8]) -> Result<(), GameError> {
        let saved = crate::save::read(bytes).map_err(GameError)?;
        self.game = saved.game;
        self.seed = saved.seed;
        self.restart_view();
        Ok(())
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn top(g: &AcesGame, s: usize) -> Point {
        let n = g.view.table.piles[STACK + s].cards.len();
        let at = g.view.table.card_pos(STACK + s, n.saturating_sub(1));
        Point::new(at.x + 5.0, at.y + 5.0)
    }

    fn click(g: &mut AcesGame, at: Point) {
        g.handle_event(&Event::press(at));
        g.handle_event(&Event::release(at));
    }

    #[test]
    fn a_click_on_the_deck_deals_four_and_they_slide() {
        let mut g = AcesGame::with_seed(Host::detached(), 3);
        let deck = g.view.table.card_pos(DECK, 0);
        click(&mut g, Point::new(deck.x + 5.0, deck.y + 5.0));
        assert_eq!(g.game.stock.len(), 44);
        assert_eq!(g.view.anim.slides().len(), 4);
        for _ in 0..20 {
            g.handle_event(&Event::Tick { dt: 0.02 });
        }
        assert!(!g.view.anim.is_running());
    }

    #[test]
    fn a_refused_click_says_why_and_changes_nothing() {
        let mut g = AcesGame::with_seed(Host::detached(), 3);
        let s = (0..STACKS).find(|&s| g.game.click(s).is_none()).unwrap();
        let before = g.game.clone();
        let at = top(&g, s);
        click(&mut g, at);
        assert_eq!(g.game, before);
        assert!(g.status().starts_with("Refused: "), "{}", g.status());
    }

    #[test]
    fn enter_on_the_deck_deals() {
        let mut g = AcesGame::with_seed(Host::detached(), 3);
        g.handle_event(&Event::key("ArrowLeft"));
        g.handle_event(&Event::key("ArrowRight"));
        assert_eq!(
            g.view.hand.focus,
            Some(Focus::Pile {
                pile: DECK,
                index: 47
            })
        );
        g.handle_event(&Event::key("Enter"));
        assert_eq!(g.game.stock.len(), 44);
    }
}
