//! [`RummyGame`], the [`Game`] the launcher runs: the rules of
//! [`crate::rules`] on a [`cards::Table`] laid out as the original's (the
//! opponent's area across the top, the deck and the discard pile in the
//! middle, yours across the bottom).
//!
//! You play by dragging: the deck's or the discard pile's top card onto
//! your hand draws it (a click on either draws too), and a card of your
//! hand onto the discard pile discards it (a double click on it too). The
//! keys play the same through the kit's cursor. Your hand is kept arranged:
//! the melds of its best arrangement first, each apart, then the other
//! cards by suit and value; the status line says how many of your cards
//! are in melds. The win is found by itself.
//!
//! The computer player never keeps the window waiting: when you discard,
//! the rules play its turn at once, and the window then shows its draw and
//! its discard one at a time on its ticks. A click or Space shows them at
//! once. The saved state is the rules' (your turn again), so undo goes back
//! to your previous move.

use cards::anim::Snapshot;
use cards::replay::{ShowsTurns, Turns};
use cards::view::{Drag, View};
use cards::{Card, Fan, Hit, Pile, Play, Rules, Table, TableCard};
use game_api::{
    Event, Game, GameError, Host, NewGame, Outcome, Outcomes, Painter, Point, Region, Response,
    Rgba, SaveLoad, ScoreKind, Style, UndoRule,
};

use crate::melds::best;
use crate::rules::{COMPUTER, Move, Phase, Report, Rummy, Winner, YOU};
use crate::save::{Saved, parse_game_id};

/// The computer player's hand.
pub const THEIR_HAND: usize = 0;
/// The deck.
pub const STOCK: usize = 1;
/// The discard pile.
pub const DISCARD: usize = 2;
/// Your hand: each card a pile of its own from this index on (so that a
/// drag picks up one card), in a row.
pub const YOUR_HAND: usize = 3;

/// Whether pile `pile` is a card of your hand.
pub fn is_your_hand(pile: usize) -> bool {
    pile >= YOUR_HAND
}

const COLS: f32 = 8.0;
const ROWS: f32 = 4.0;
/// The areas, in grid units: left, top, right, bottom (yours, the
/// opponent's).
const AREAS: [(f32, f32, f32, f32); 2] = [(0.0, 2.6, 8.0, 4.0), (0.0, 0.0, 8.0, 1.4)];
/// The room between melds in your hand, in grid units.
const MELD_GAP: f32 = 0.3;
/// How long a step of the computer player stays on show, in seconds.
pub const STEP_SECONDS: f32 = 0.8;

/// The players' names, as the original labels their areas.
pub const NAMES: [&str; 2] = ["You", "Opponent"];

/// The game in its window.
pub struct RummyGame {
    view: View,
    /// The rules' state (always your turn or the end), what the table
    /// shows, and the computer's steps between.
    turns: Turns<Rummy>,
    seed: u64,
    message: Option<String>,
    /// What undoing the last move would mean, for the launcher's midend
    /// (revision 6): not saved, set as each move is made.
    undo: UndoRule,
}

/// The drag rules: the deck's and the discard pile's top card to your hand
/// while you draw; a card of your hand to the discard pile while you
/// discard.
struct RummyRules<'a> {
    game: &'a Rummy,
    replaying: bool,
}

impl Rules for RummyRules<'_> {
    fn movable(&self, table: &Table, pile: usize, index: usize) -> bool {
        if self.replaying {
            return false;
        }
        match self.game.phase {
            Phase::Draw => {
                (pile == STOCK || pile == DISCARD) && index + 1 == table.piles[pile].cards.len()
            }
            Phase::Discard => is_your_hand(pile),
            _ => false,
        }
    }

    fn accepts(&self, table: &Table, from: usize, index: usize, to: usize) -> bool {
        let card = table.piles[from].cards[index].card;
        move_for(from, card, to).is_some_and(|mv| self.game.check(mv).is_ok())
    }
}

/// The move a drop of `card` from pile `from` onto pile `to` means.
fn move_for(from: usize, card: Card, to: usize) -> Option<Move> {
    match (from, is_your_hand(to)) {
        (STOCK, true) => Some(Move::DrawStock),
        (DISCARD, true) => Some(Move::DrawDiscard),
        (f, false) if is_your_hand(f) && to == DISCARD => Some(Move::Discard(card)),
        _ => None,
    }
}

/// The sentence for what happened.
pub fn describe(report: &Report) -> String {
    match *report {
        Report::TookDiscard { player: YOU, card } => format!("You picked up the {}.", card.name()),
        Report::TookDiscard { card, .. } => {
            format!("The opponent picked up the {}.", card.name())
        }
        Report::DrewStock { player: YOU, card } => format!("You drew the {}.", card.name()),
        Report::DrewStock { .. } => "The opponent drew from the deck.".into(),
        Report::Discarded {
            player,
            card,
            reshuffled,
        } => {
            let who = if player == YOU { "You" } else { "The opponent" };
            let mut s = format!("{who} discarded the {}.", card.name());
            if reshuffled {
                s.push_str(" The discard pile was shuffled into a new deck.");
            }
            s
        }
    }
}

/// `hand` arranged: the melds of its best arrangement (each in order of
/// value, the ace high in a straight to the ace), then the other cards by
/// suit and value; and where each meld ends.
pub fn arranged(hand: &[Card]) -> (Vec<Card>, Vec<usize>) {
    let mut out = Vec::with_capacity(hand.len());
    let mut ends = Vec::new();
    for mut meld in best(hand) {
        let high = meld.iter().any(|c| c.rank == cards::Rank::KING);
        meld.sort_by_key(|c| match c.rank.value() {
            1 if high => (14, c.suit),
            v => (v, c.suit),
        });
        out.extend(meld);
        ends.push(out.len());
    }
    let mut rest: Vec<Card> = hand.iter().copied().filter(|c| !out.contains(c)).collect();
    rest.sort_by_key(|c| (c.suit, c.rank));
    out.extend(rest);
    (out, ends)
}

impl RummyGame {
    /// A game dealt from `seed`, with `host`.
    pub fn with_seed(host: Host, seed: u64) -> RummyGame {
        let mut g = RummyGame {
            view: View::new(host, Self::empty_table()),
            turns: Turns::new(Rummy::deal(seed), STEP_SECONDS),
            seed,
            message: None,
            undo: UndoRule::Free,
        };
        g.view.lay_out(g.view.table.canvas_size());
        g.restart_view();
        g
    }

    /// The rules' state (your turn, or over: the computer's turn already
    /// played).
    pub fn rules(&self) -> &Rummy {
        self.turns.rules()
    }

    /// The state the table shows now.
    pub fn shown(&self) -> &Rummy {
        self.turns.shown()
    }

    /// Whether the computer player's steps are still being shown.
    pub fn replaying(&self) -> bool {
        self.turns.is_running()
    }

    /// Shows the computer's steps left at once: its last step, with what
    /// it did in the status line.
    pub fn skip_replay(&mut self) {
        self.show_rest();
    }

    /// Makes `mv` as if you had (it slides); whether it was accepted. The
    /// computer's steps still on show are shown at once first.
    pub fn play_move(&mut self, mv: Move) -> bool {
        let before = self.settle();
        self.make(mv, before)
    }

    /// The table as drawn.
    pub fn table(&self) -> &Table {
        &self.view.table
    }

    fn empty_table() -> Table {
        let mut t = Table::new(COLS, ROWS);
        t.card_widths = (24.0, 130.0);
        t.background = Rgba::with_alpha(0, 0, 0, 0);
        let mut theirs = Pile::new(
            "the opponent's hand",
            (AREAS[1].0 + 0.12, AREAS[1].1 + 0.25),
            Fan::Right,
        );
        theirs.reach = Some(6.8);
        t.add_pile(theirs);
        t.add_pile(Pile::new("deck", (2.6, 1.55), Fan::Stacked));
        t.add_pile(Pile::new("discard pile", (4.5, 1.55), Fan::Stacked));
        t
    }

    fn restart_view(&mut self) {
        self.view.reset();
        self.message = None;
        self.sync();
        self.update_ticks();
    }

    fn new_deal(&mut self, seed: u64) {
        self.turns.restart(Rummy::deal(seed));
        self.seed = seed;
        self.restart_view();
    }

    /// Puts the shown state on the table.
    fn put_on_table(&mut self) {
        let g = self.turns.shown();
        let table = &mut self.view.table;
        let over = g.over();
        let theirs = if over {
            arranged(&g.hands[COMPUTER]).0
        } else {
            g.hands[COMPUTER].clone()
        };
        table.piles[THEIR_HAND].cards = theirs
            .into_iter()
            .map(|c| {
                if over {
                    TableCard::up(c)
                } else {
                    TableCard::down(c)
                }
            })
            .collect();
        table.piles[STOCK].cards = g.stock.iter().rev().map(|&c| TableCard::down(c)).collect();
        table.piles[DISCARD].cards = g.discards.iter().map(|&c| TableCard::up(c)).collect();
        // Where to take a card from, or put one.
        table.piles[STOCK].highlighted = g.phase == Phase::Draw;
        table.piles[DISCARD].highlighted = matches!(g.phase, Phase::Draw | Phase::Discard);
        // Your hand: a pile per card, the melds first, each apart.
        let (hand, ends) = arranged(&g.hands[YOU]);
        table.piles.truncate(YOUR_HAND);
        let (x0, y) = (AREAS[0].0 + 0.12, AREAS[0].1 + 0.25);
        let card_units = 1.0 / (1.0 + cards::table::GAP);
        let gaps = ends.iter().filter(|&&e| e < hand.len()).count() as f32;
        let room = AREAS[0].2 - 0.12 - x0 - card_units - gaps * MELD_GAP;
        let step = match hand.len() {
            0 | 1 => 0.0,
            n => (room / (n - 1) as f32).min(1.0),
        };
        let mut x = x0;
        for (i, c) in hand.into_iter().enumerate() {
            let meld = ends.iter().position(|&e| i < e);
            let name = match meld {
                Some(m) => format!("your hand, in meld {}", m + 1),
                None => "your hand".to_string(),
            };
            let mut pile = Pile::new(name, (x, y), Fan::Stacked);
            pile.cards.push(TableCard::up(c));
            table.add_pile(pile);
            x += step;
            if ends.contains(&(i + 1)) {
                x += MELD_GAP;
            }
        }
    }

    /// Makes your move `mv` (with its slide from `before`); the computer's
    /// turn that follows is played by the rules at once and queued to be
    /// shown. Whether it was accepted.
    fn make(&mut self, mv: Move, before: Snapshot) -> bool {
        self.make_move(
            &before,
            |g| g.play(mv),
            |this, report| {
                // The discard pile's top card was in sight; the deck's was
                // not, and a discard gives the turn to the computer.
                this.undo = match mv {
                    Move::DrawDiscard => UndoRule::Free,
                    Move::DrawStock | Move::Discard(_) => UndoRule::Barrier,
                };
                this.message = Some(describe(&report));
            },
        )
    }

    fn play(&mut self, play: Play, drag: Drag) -> bool {
        let before = self.view.snapshot(drag);
        let drawing = self.rules().phase == Phase::Draw && !self.turns.is_running();
        match play {
            Play::Move { from, index, to } => {
                let card = self.view.table.piles[from].cards[index].card;
                match move_for(from, card, to) {
                    Some(mv) => self.make(mv, before),
                    None => false,
                }
            }
            Play::Refused { from, index, to } => {
                let card = self.view.table.piles[from].cards[index].card;
                self.message = match to.and_then(|to| move_for(from, card, to)) {
                    Some(mv) => self
                        .rules()
                        .check(mv)
                        .err()
                        .map(|r| format!("Refused: {r}.")),
                    None if is_your_hand(from) => {
                        Some("Drag the card onto the discard pile to discard it.".into())
                    }
                    None => Some("Drag the card onto your hand.".into()),
                };
                self.view.slide_from(&before);
                self.update_ticks();
                true
            }
            Play::Click(Hit::Card { pile: STOCK, .. }) if drawing => {
                self.make(Move::DrawStock, before)
            }
            Play::Click(Hit::Card { pile: DISCARD, .. }) if drawing => {
                self.make(Move::DrawDiscard, before)
            }
            Play::DoubleClick(Hit::Card { pile, .. })
                if is_your_hand(pile) && self.rules().phase == Phase::Discard =>
            {
                let card = self.view.table.piles[pile].cards[0].card;
                self.make(Move::Discard(card), before)
            }
            _ => false,
        }
    }

    fn area(&self, p: usize) -> (Point, Point) {
        self.view.table.layout().area(AREAS[p])
    }

    /// How many of your cards are in melds now.
    fn in_melds(&self) -> usize {
        best(&self.shown().hands[YOU]).iter().map(Vec::len).sum()
    }

    fn player_line(&self, p: usize) -> String {
        let n = self.shown().hands[p].len();
        if p == YOU {
            format!("You: {n} cards, {} in melds", self.in_melds())
        } else {
            format!("Opponent: {n} cards")
        }
    }

    fn result_line(&self) -> String {
        match self.shown().winner() {
            Some(Winner::You) => "You win.".into(),
            Some(Winner::Computer) => "Opponent wins.".into(),
            Some(Winner::Tie) => "Tie.".into(),
            None => String::new(),
        }
    }

    fn status_text(&self) -> String {
        let g = self.turns.shown();
        let mut s = String::new();
        if let Some(m) = &self.message {
            s.push_str(m);
            s.push(' ');
        }
        match g.phase {
            Phase::Over { dealt, .. } => {
                if dealt {
                    s.push_str("Dealt gin. ");
                }
                s.push_str(&format!("Game over. {}", self.result_line()));
                return s;
            }
            Phase::Draw => s.push_str(&format!(
                "Your turn. (Draw a card or pick up a discard.) {} of your 10 cards are in melds.",
                self.in_melds()
            )),
            Phase::Discard => s.push_str("Drag a card from your hand to discard."),
            Phase::ComputerDraw | Phase::ComputerDiscard => {
                s.push_str("The opponent's turn. (Click to see it at once.)")
            }
        }
        self.view.with_hand(s)
    }
}

cards::computers!(Rummy, Report);

/// The kit shows the computer's steps on ticks.
impl ShowsTurns for RummyGame {
    type Rules = Rummy;

    fn sync(&mut self) {
        self.put_on_table();
    }

    /// What every step did: skipped at once, the draw and the discard.
    fn tell(&mut self, reports: Vec<Report>) {
        let said: Vec<String> = reports.iter().map(describe).collect();
        self.message = Some(said.join(" "));
    }

    fn say(&mut self, message: String) {
        self.message = Some(message);
    }

    fn parts(&mut self) -> (&mut View, &mut Turns<Rummy>) {
        (&mut self.view, &mut self.turns)
    }
}

impl Game for RummyGame {
    cards::table_window!("Rummy", lay_out);

    fn new(host: Host) -> Result<Self, GameError> {
        host.request_input(game_api::InputKinds::ALL);
        Ok(RummyGame::with_seed(host, game_api::rng::fresh_seed()))
    }

    fn draw(&self, painter: &mut dyn Painter) {
        let l = self.view.table.layout();
        painter.rect(
            Point::new(0.0, 0.0),
            l.canvas,
            Style::solid(cards::table::FELT),
        );
        let yours = matches!(self.shown().phase, Phase::Draw | Phase::Discard);
        let theirs = self.shown().computer_to_play();
        for (p, lit) in [(YOU, yours), (COMPUTER, theirs)] {
            l.draw_area(painter, self.area(p), lit, &self.player_line(p));
        }
        self.view.draw(painter);
        if self.shown().over() && !self.view.anim.is_running() {
            let at = l.place((1.2, 2.0));
            l.draw_result(painter, at, 0.4, &self.result_line());
        }
    }

    fn handle_event(&mut self, event: &Event) -> Response {
        if let Some(response) = self.replay_event(event) {
            return response;
        }
        let rules = RummyRules {
            game: self.turns.rules(),
            replaying: self.turns.is_running(),
        };
        let (play, changed) = self.view.point(&rules, event);
        let played = play.is_some_and(|(p, drag)| self.play(p, drag));
        Response::redraw_if(changed || played)
    }

    /// The table's regions (your hand's cards clipped to the part that
    /// shows), and a line for each player.
    fn regions(&self) -> Vec<Region> {
        let mut regions = self.view.regions_of_hand(YOUR_HAND);
        for p in [COMPUTER, YOU] {
            let (min, size) = self.area(p);
            let l = self.view.table.layout();
            regions.push(Region::new(
                self.player_line(p),
                min,
                Point::new(size.x, l.card_width * 0.25),
            ));
        }
        regions
    }
}

impl NewGame for RummyGame {
    fn new_game(&mut self, seed: u64) {
        self.new_deal(seed);
    }

    fn game_id(&self) -> String {
        self.seed.to_string()
    }

    fn start_from_game_id(&mut self, id: &str) -> Result<(), GameError> {
        let seed = parse_game_id(id).map_err(GameError)?;
        self.new_deal(seed);
        Ok(())
    }
}

impl Outcomes for RummyGame {
    /// Won when your hand wins, with your turns as the score (fewest is
    /// best); lost when the opponent's does, or both were dealt winning
    /// hands. Told once the last computer step is on show.
    fn outcome(&self) -> Outcome {
        let outcome = match self.shown().winner() {
            Some(Winner::You) => Outcome::won().with_score(i64::from(self.shown().turns)),
            Some(_) => Outcome::lost(),
            None => Outcome::PLAYING,
        };
        outcome.with_undo(self.undo)
    }

    fn score_kind(&self) -> ScoreKind {
        ScoreKind::fewest("turns")
    }
}

impl SaveLoad for RummyGame {
    fn save(&self) -> Vec<u8> {
        crate::save::write(&Saved {
            game: self.rules().clone(),
            seed: self.seed,
        })
    }

    fn load(&mut self, bytes: &[u8]) -> Result<(), GameError> {
        let saved = crate::save::read(bytes).map_err(GameError)?;
        self.turns.resume(saved.game);
        self.seed = saved.seed;
        self.restart_view();
        Ok(())
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use cards::view::{SLIDE_TICK, WAIT_TICK};

    #[test]
    fn your_hand_is_arranged_melds_first() {
        let hand = cards::card::read_cards("9C AS 4H KS QS 9H 2D 9S 3H 5H").unwrap();
        let (order, ends) = arranged(&hand);
        let text: Vec<String> = order.iter().map(|c| c.to_string()).collect();
        assert_eq!(ends.len(), 3, "{text:?}");
        // The straight to the ace has the ace last.
        let qka = text.iter().position(|t| t == "QS").unwrap();
        assert_eq!(&text[qka..qka + 3], ["QS", "KS", "AS"]);
        assert_eq!(text.last().unwrap(), "2D");
        assert_eq!(*ends.last().unwrap(), 9);
    }

    #[test]
    fn every_card_of_your_hand_is_hit_at_its_regions_centre() {
        let seed = (1..100).find(|&s| !Rummy::deal(s).over()).unwrap();
        let mut g = RummyGame::with_seed(Host::detached(), seed);
        assert!(g.play_move(Move::DrawStock));
        for size in [Point::new(1000.0, 700.0), Point::new(640.0, 480.0)] {
            g.lay_out_canvas(size);
            let regions: Vec<Region> = g
                .regions()
                .into_iter()
                .filter(|r| r.label.contains("top of your hand"))
                .collect();
            assert_eq!(regions.len(), 11);
            for r in &regions {
                let Hit::Card { pile, .. } = g.view.table.hit(r.center()) else {
                    panic!("{}", r.label)
                };
                let name = g.view.table.piles[pile].cards[0].card.name();
                assert!(r.label.starts_with(&name), "{} hits {name}", r.label);
                assert!(r.min.x + r.size.x <= size.x && r.min.y + r.size.y <= size.y);
            }
        }
        // While you discard, the discard pile is lit, the deck is not.
        assert!(g.view.table.piles[DISCARD].highlighted);
        assert!(!g.view.table.piles[STOCK].highlighted);
    }

    #[test]
    fn the_discard_piles_card_may_be_undone() {
        let seed = (1..100)
            .find(|&s| {
                let r = Rummy::deal(s);
                !r.over() && r.check(Move::DrawDiscard).is_ok()
            })
            .unwrap();
        let mut g = RummyGame::with_seed(Host::detached(), seed);
        assert!(g.play_move(Move::DrawDiscard));
        assert_eq!(g.outcome().undo, UndoRule::Free, "it was in sight");
    }

    #[test]
    fn a_draw_then_a_discard_hands_the_turn_over_and_back() {
        let seed = (1..100).find(|&s| !Rummy::deal(s).over()).unwrap();
        let mut g = RummyGame::with_seed(Host::detached(), seed);
        g.lay_out_canvas(Point::new(1000.0, 700.0));
        assert_eq!(g.outcome().undo, UndoRule::Free);
        assert!(
            g.status()
                .starts_with("Your turn. (Draw a card or pick up a discard.)")
        );
        assert!(g.play_move(Move::DrawStock));
        // The deck's card was hidden: the draw is an undo barrier.
        assert_eq!(g.outcome().undo, UndoRule::Barrier);
        assert!(g.status().starts_with("You drew the "));
        assert!(
            g.status()
                .ends_with("Drag a card from your hand to discard.")
        );
        let card = g.rules().hands[YOU][0];
        assert!(g.play_move(Move::Discard(card)));
        assert_eq!(g.outcome().undo, UndoRule::Barrier, "the computer's turn");
        if g.rules().over() {
            return;
        }
        assert!(g.replaying());
        assert!(
            g.status()
                .ends_with("The opponent's turn. (Click to see it at once.)")
        );
        for _ in 0..100 {
            if !g.replaying() && !g.view.anim.is_running() {
                break;
            }
            g.handle_event(&Event::Tick { dt: 0.2 });
        }
        assert_eq!(g.shown(), g.rules());
        assert!(
            g.status().starts_with("The opponent discarded the "),
            "{}",
            g.status()
        );
        assert!(g.view.ticks().is_none());
    }

    #[test]
    fn while_a_step_only_waits_its_moment_ticks_are_slow_and_draw_nothing() {
        let seed = (1..100)
            .find(|&s| {
                let mut r = Rummy::deal(s);
                let card = r.hands[YOU][0];
                !r.over()
                    && r.play(Move::DrawStock).is_ok()
                    && r.play(Move::Discard(card)).is_ok()
                    && !r.over()
            })
            .unwrap();
        let mut g = RummyGame::with_seed(Host::detached(), seed);
        g.lay_out_canvas(Point::new(1000.0, 700.0));
        assert!(g.play_move(Move::DrawStock));
        let card = g.rules().hands[YOU][0];
        assert!(g.play_move(Move::Discard(card)));
        assert!(g.replaying());
        // Your card slides: ticks come often, each a frame.
        assert_eq!(g.view.ticks(), Some(SLIDE_TICK));
        let tick = |g: &mut RummyGame, dt: f32| g.handle_event(&Event::Tick { dt }).redraw;
        assert!(tick(&mut g, 0.3));
        // It has landed: the computer's step waits its moment, slowly and
        // without a frame (each costs the window CPU).
        assert_eq!(g.view.ticks(), Some(WAIT_TICK));
        let shown = g.shown().clone();
        assert!(!tick(&mut g, 0.1));
        assert_eq!(g.shown(), &shown);
        // Its moment: it shows, and its card slides.
        assert!(tick(&mut g, STEP_SECONDS));
        assert_ne!(g.shown(), &shown);
        assert_eq!(g.view.ticks(), Some(SLIDE_TICK));
    }
}
