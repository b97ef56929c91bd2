//! [`BlackjackGame`], the [`Game`] the launcher runs: a round of
//! [`crate::rules`] on a [`cards::Table`] laid out to the window, as the
//! original lays it out — the shoe at the top left, the discards at the
//! top right, the dealer's hand between them, the player's hand (or two
//! hands after a split) below, and the buttons Split, Hit, Stand and
//! Double under it, each shown only while it may be used. When a hand is
//! over its result ("You Win", "Bust"…) is a button in the middle: clicking
//! it shows the next result, or deals the next round for another $2 bet
//! (the toolbar's Deal, key N, deals at once). Cards slide from the shoe
//! on ticks, but the state changes at once.
//!
//! A game, for the launcher's New game, Game ID and statistics, is one
//! round. The bankroll and the shoe carry over from round to round and
//! between sessions ([`crate::bank`]).

use cards::drag::{Focus, NoDrag};
use cards::view::View;
use cards::{Fan, Hit, Pile, Play, Table, TableCard};
use game_api::{
    Action, Anchor, Event, Game, GameError, Host, NewGame, Outcome, Outcomes, Painter, Point,
    Response, Rgba, SaveLoad, ScoreKind, TextStyle, UndoRule,
};

use crate::bank::{self, Bank};
use crate::rules::{BET, LAST_START, Move, Phase, Round, Verdict, best_total, min_value};
use crate::save::{Saved, game_id, parse_game_id};

/// The shoe's pile.
pub const SHOE: usize = 0;
/// The discards' pile.
pub const DISCARDS: usize = 1;
/// The dealer's hand.
pub const DEALER: usize = 2;
/// The player's first (or only) hand; the second follows it.
pub const PLAYER: usize = 3;

/// The Hit button's and action's id.
pub const HIT: &str = "hit";
/// The Stand button's and action's id.
pub const STAND: &str = "stand";
/// The Split button's and action's id.
pub const SPLIT: &str = "split";
/// The Double button's and action's id.
pub const DOUBLE: &str = "double";
/// The result button's id (its label is the result).
pub const RESULT: &str = "result";
/// The toolbar's Deal (or Go on) action.
pub const DEAL: &str = "deal";

const COLS: f32 = 6.0;
const PLAYER_ROW: f32 = 1.2;
const BUTTON_ROW: f32 = 2.35;
const BUTTON_HEIGHT: f32 = 0.25;
const ROWS: f32 = BUTTON_ROW + 0.3;
const HAND_COL: f32 = 1.2;

/// The game in its window.
pub struct BlackjackGame {
    view: View,
    round: Round,
    from_id: bool,
    /// The shoe was shuffled by a seed of the game's own (no shoe was
    /// kept) and nothing is played from it yet: the launcher's first new
    /// game shuffles it by the launcher's seed instead, so a new game from
    /// a seed deals the same cards every time.
    unseeded_shoe: bool,
    /// A refusal's words for the status line.
    message: Option<String>,
}

fn dollars(n: i64) -> String {
    if n < 0 {
        format!("-${}", -n)
    } else {
        format!("${n}")
    }
}

impl BlackjackGame {
    /// A game showing `round`, with `host`.
    pub fn with_round(host: Host, round: Round) -> BlackjackGame {
        let mut table = Table::new(COLS, ROWS);
        table.card_widths = (30.0, 150.0);
        let mut game = BlackjackGame {
            view: View::new(host, table),
            round,
            from_id: false,
            unseeded_shoe: false,
            message: None,
        };
        game.restart_view();
        game
    }

    /// The round at the table.
    pub fn round(&self) -> &Round {
        &self.round
    }

    /// The table as drawn.
    pub fn table(&self) -> &Table {
        &self.view.table
    }

    fn restart_view(&mut self) {
        self.view.reset();
        self.message = None;
        self.sync();
        self.update_ticks();
    }

    /// Puts the round on the table: piles and the buttons that may be used.
    /// The keyboard cursor stays on its button while it is there, and
    /// goes to the first button when it went.
    fn sync(&mut self) {
        let focused = match self.view.hand.focus {
            Some(Focus::Button(b)) => self.view.table.buttons.get(b).map(|b| b.id.clone()),
            _ => None,
        };
        self.lay_piles_and_buttons();
        match (&self.view.hand.focus, focused) {
            (Some(Focus::Button(_)), Some(id)) => {
                let at = self.view.table.buttons.iter().position(|b| b.id == id);
                self.view.hand.focus = match at {
                    Some(b) => Some(Focus::Button(b)),
                    None if !self.view.table.buttons.is_empty() => Some(Focus::Button(0)),
                    None => None,
                };
            }
            (Some(Focus::Pile { pile, .. }), _) if *pile >= self.view.table.piles.len() => {
                self.view.hand.focus = None;
            }
            (Some(Focus::Button(_)), None) => self.view.hand.focus = None,
            _ => {}
        }
    }

    fn lay_piles_and_buttons(&mut self) {
        let r = &self.round;
        let mut piles = Vec::new();
        let mut shoe = Pile::new("shoe", (0.0, 0.0), Fan::Stacked);
        shoe.cards = r
            .shoe_left()
            .iter()
            .rev()
            .map(|&c| TableCard::down(c))
            .collect();
        piles.push(shoe);
        let mut discards = Pile::new("discards", (COLS - 1.0, 0.0), Fan::Stacked);
        discards.cards = r.discards().iter().map(|&c| TableCard::down(c)).collect();
        piles.push(discards);
        let mut dealer = Pile::new("dealer's hand", (HAND_COL, 0.0), Fan::Right);
        dealer.reach = Some(COLS - 2.0 * HAND_COL - 1.0 + 0.2);
        dealer.cards = r
            .dealer
            .iter()
            .enumerate()
            .map(|(i, &c)| {
                if i == 1 && !r.revealed {
                    TableCard::down(c)
                } else {
                    TableCard::up(c)
                }
            })
            .collect();
        piles.push(dealer);
        let lit = match &r.phase {
            Phase::Playing(h) if r.hands.len() > 1 => Some(*h),
            _ => r.showing().filter(|_| r.hands.len() > 1).map(|(h, _)| h),
        };
        if r.hands.len() == 1 {
            let mut p = Pile::new("your hand", (HAND_COL, PLAYER_ROW), Fan::Right);
            p.reach = Some(COLS - 2.0 * HAND_COL - 1.0 + 0.2);
            piles.push(p);
        } else {
            for (i, name) in ["your first hand", "your second hand"]
                .into_iter()
                .enumerate()
            {
                let mut p = Pile::new(name, (i as f32 * 3.1, PLAYER_ROW), Fan::Right);
                p.reach = Some(1.8);
                piles.push(p);
            }
        }
        for (i, hand) in r.hands.iter().enumerate() {
            let pile = &mut piles[PLAYER + i];
            pile.cards = hand.cards.iter().map(|&c| TableCard::up(c)).collect();
            pile.highlighted = lit == Some(i);
        }
        self.view.table.piles = piles;
        self.view.table.buttons.clear();
        let y = BUTTON_ROW;
        if let Phase::Playing(_) = r.phase {
            for (id, label, col) in [
                (SPLIT, "Split", 1.0),
                (HIT, "Hit", 2.0),
                (STAND, "Stand", 3.0),
                (DOUBLE, "Double", 4.0),
            ] {
                if r.check(Self::move_of(id).expect("a move")).is_ok() {
                    self.view
                        .table
                        .add_button(id, label, (col, y), (1.0, BUTTON_HEIGHT));
                }
            }
        } else if let Some((_, verdict)) = r.showing() {
            self.view.table.add_button(
                RESULT,
                verdict.title(),
                (2.0, y),
                (2.0 + cards::table::GAP, BUTTON_HEIGHT),
            );
        }
    }

    fn move_of(id: &str) -> Option<Move> {
        match id {
            HIT => Some(Move::Hit),
            STAND => Some(Move::Stand),
            SPLIT => Some(Move::Split),
            DOUBLE => Some(Move::Double),
            RESULT => Some(Move::Continue),
            _ => None,
        }
    }

    fn update_ticks(&mut self) {
        self.view.want_ticks(None);
    }

    /// Keeps the bankroll and the shoe in the data directory.
    fn keep(&self) {
        let r = &self.round;
        let bank = Bank {
            money: r.money,
            shoe: Some((r.seed, r.start + r.used)),
        };
        if let Some(dir) = self.view.host.data_dir()
            && let Err(e) = bank::store(&dir, &bank)
        {
            self.view.host.log(&e);
        }
    }

    /// Changes the round to `round`, the cards sliding there.
    fn show(&mut self, round: Round) {
        let before = self.view.snapshot(None);
        self.round = round;
        self.message = None;
        self.sync();
        self.view.slide_from(&before);
        self.update_ticks();
        self.keep();
    }

    /// Makes `m` as the player's button does; whether it was legal (a
    /// refusal is said in the status line). Going on from the last result
    /// deals the next round.
    pub fn play_move(&mut self, m: Move) -> bool {
        if m == Move::Continue && self.round.is_settled() && !self.round.more_to_show() {
            self.deal_next();
            return true;
        }
        let mut next = self.round.clone();
        match next.play(m) {
            Ok(()) => {
                self.show(next);
                true
            }
            Err(why) => {
                self.message = Some(format!("{}: {why}.", m.name()));
                false
            }
        }
    }

    /// Deals the next round (the launcher's new game, so that it counts
    /// in the statistics as one).
    pub fn deal_next(&mut self) {
        let host = self.view.host;
        host.new_game_or(|seed| self.next_round(seed));
    }

    /// The next round from the shoe (or a new shoe shuffled by `seed`).
    fn next_round(&mut self, seed: u64) {
        let next = self.round.next(seed);
        self.from_id = false;
        // The keyboard cursor stays on the buttons (the first of the new
        // round's, when it was on the result).
        self.show(next);
    }

    fn status_text(&self) -> String {
        let r = &self.round;
        let mut s = String::new();
        if let Some(m) = &self.message {
            s.push_str(m);
            s.push(' ');
        }
        if r.start == 0 && r.moves.is_empty() {
            s.push_str("A new shoe of four decks is shuffled. ");
        }
        let up = min_value(r.dealer[0]);
        let up = match up {
            1 => "an ace".to_string(),
            8 => "an 8".to_string(),
            n => format!("a {n}"),
        };
        match &r.phase {
            Phase::Playing(h) => {
                let choices: Vec<&str> = [Move::Hit, Move::Stand, Move::Double, Move::Split]
                    .into_iter()
                    .filter(|&m| r.check(m).is_ok())
                    .map(Move::name)
                    .collect();
                let choices = match choices.split_last() {
                    Some((last, rest)) if !rest.is_empty() => {
                        format!("{} or {last}", rest.join(", "))
                    }
                    _ => choices.join(""),
                };
                let whose = if r.hands.len() == 1 {
                    "Your total is".to_string()
                } else {
                    format!("Hand {} of 2:", h + 1)
                };
                s.push_str(&format!(
                    "{whose} {}, the dealer shows {up}: {choices}.",
                    r.hands[*h].total(),
                ));
            }
            Phase::Busted(h) => s.push_str(&format!(
                "Hand {} is bust with {}. Click Bust to play hand {}.",
                h + 1,
                r.hands[*h].total(),
                h + 2
            )),
            Phase::Settled { .. } => {
                let results: Vec<String> = r
                    .hands
                    .iter()
                    .enumerate()
                    .map(|(i, hand)| {
                        let v = hand.verdict.unwrap_or(Verdict::Bust);
                        let against = match v {
                            Verdict::Bust => format!("with {}", hand.total()),
                            _ => format!("{} against {}", hand.total(), r.dealer_total()),
                        };
                        let who = if r.hands.len() == 1 {
                            String::new()
                        } else {
                            format!("{} {}: ", if i == 0 { "Hand" } else { "hand" }, i + 1)
                        };
                        format!("{who}{} ({against})", v.title())
                    })
                    .collect();
                s.push_str(&results.join(", "));
                s.push('.');
                if !r.revealed {
                    s.push_str(" The dealer's hole card stays hidden.");
                }
                let next = if r.more_to_show() {
                    "Click the result to see the next"
                } else {
                    "Click the result"
                };
                s.push_str(&format!(
                    " {next}, or press N, to deal the next hand for a {} bet.",
                    dollars(BET)
                ));
            }
        }
        s.push_str(&format!(
            " You have {}. (Each bet is {}.)",
            dollars(r.money),
            dollars(BET)
        ));
        self.view.with_hand(s)
    }

    fn saved(&self) -> Saved {
        Saved {
            round: self.round.clone(),
            from_id: self.from_id,
        }
    }

    /// The totals written under the hands: the dealer's (the card showing
    /// only, while the hole card is hidden) and each of the player's.
    fn draw_totals(&self, painter: &mut dyn Painter) {
        let l = self.view.table.layout();
        let size = l.card_width * 0.17;
        let ink = Rgba::rgb(250, 245, 210);
        let r = &self.round;
        let dealer = if r.revealed {
            format!("Dealer: {}", r.dealer_total())
        } else {
            format!("Dealer shows {}", best_total(&r.dealer[..1]))
        };
        let below = |row: f32| l.place((0.0, row)).y + l.card().y + l.gap;
        let x = l.place((HAND_COL, 0.0)).x;
        painter.styled_text(
            Point::new(x, below(0.0)),
            Anchor::TopLeft,
            size,
            ink,
            TextStyle::BOLD,
            &dealer,
        );
        for (i, hand) in r.hands.iter().enumerate() {
            let at = self.view.table.piles[PLAYER + i].at;
            let label = match (r.hands.len(), hand.is_bust()) {
                (1, false) => format!("You: {}", hand.total()),
                (1, true) => format!("You: {}, bust", hand.total()),
                (_, false) => format!("Hand {}: {}", i + 1, hand.total()),
                (_, true) => format!("Hand {}: {}, bust", i + 1, hand.total()),
            };
            painter.styled_text(
                Point::new(l.place(at).x, below(PLAYER_ROW)),
                Anchor::TopLeft,
                size,
                ink,
                TextStyle::BOLD,
                &label,
            );
        }
    }
}

impl Game for BlackjackGame {
    cards::table_window!("Blackjack", lay_out, regions);

    fn new(host: Host) -> Result<Self, GameError> {
        let bank = bank::load(host.data_dir().as_deref());
        let (round, unseeded_shoe) = match bank.shoe {
            Some((seed, used)) if used <= LAST_START => {
                (Round::deal(seed, used, bank.money), false)
            }
            _ => (
                Round::deal(game_api::rng::fresh_seed(), 0, bank.money),
                true,
            ),
        };
        let mut game = BlackjackGame::with_round(host, round);
        game.unseeded_shoe = unseeded_shoe;
        Ok(game)
    }

    fn draw(&self, painter: &mut dyn Painter) {
        self.view.draw(painter);
        self.draw_totals(painter);
    }

    fn handle_event(&mut self, event: &Event) -> Response {
        if let Some(response) = self.view.slide_tick(event) {
            return response;
        }
        if let Event::KeyPress { key, .. } = event
            && key == "n"
            && self.round.is_settled()
        {
            self.deal_next();
            return Response::REDRAW;
        }
        let (play, changed) = self.view.hand.handle(&self.view.table, &NoDrag, event);
        if let Event::PointerMove { pos } = event {
            let cursor = match self.view.table.hit(*pos) {
                Hit::Button(_) => game_api::Cursor::PointingHand,
                _ => game_api::Cursor::Default,
            };
            self.view.host.set_cursor(cursor);
        }
        let played = match play {
            Some(Play::Click(Hit::Button(id))) => match Self::move_of(&id) {
                Some(m) => {
                    self.play_move(m);
                    true
                }
                None => false,
            },
            _ => false,
        };
        Response::redraw_if(changed || played)
    }

    /// Hit (`h`), Stand (`s`), Split (`p`), Double (`d`), each enabled
    /// while it may be used, and Deal (`n`) once the round is over, or Go
    /// on while a split's first hand shows its Bust.
    fn actions(&self) -> Vec<Action> {
        let r = &self.round;
        let mut actions: Vec<Action> = [
            (HIT, Move::Hit, "h"),
            (STAND, Move::Stand, "s"),
            (SPLIT, Move::Split, "p"),
            (DOUBLE, Move::Double, "d"),
        ]
        .into_iter()
        .map(|(id, m, key)| {
            Action::button(id, m.name())
                .with_shortcut(key)
                .enabled(r.check(m).is_ok())
        })
        .collect();
        let deal = if matches!(r.phase, Phase::Busted(_)) {
            Action::button(DEAL, "Go on")
        } else {
            Action::button(DEAL, "Deal").enabled(r.is_settled())
        };
        actions.push(deal.with_shortcut("n"));
        actions
    }

    fn invoke_action(&mut self, id: &str, _value: &str) -> Result<Response, GameError> {
        match id {
            DEAL if matches!(self.round.phase, Phase::Busted(_)) => {
                self.play_move(Move::Continue);
            }
            DEAL if self.round.is_settled() => self.deal_next(),
            DEAL => {
                return Err(GameError(
                    "finish the hand first: Deal starts the next one".into(),
                ));
            }
            other => {
                let m = Self::move_of(other)
                    .filter(|&m| m != Move::Continue)
                    .ok_or_else(|| GameError(format!("Blackjack has no action {other:?}")))?;
                if !self.play_move(m) {
                    let why = self.message.take().unwrap_or_default();
                    return Err(GameError(why));
                }
            }
        }
        Ok(Response::REDRAW)
    }
}

impl NewGame for BlackjackGame {
    /// The next round: from the shoe, or from a new shoe shuffled by
    /// `seed` once three quarters of it are used. A round given up half
    /// played loses its bet.
    fn new_game(&mut self, seed: u64) {
        if std::mem::take(&mut self.unseeded_shoe) && self.round.moves.is_empty() {
            // A new shoe, shuffled by the launcher's seed, with the bankroll
            // as it was before the game's own shoe (whose first round may
            // have settled at once, on a blackjack).
            self.from_id = false;
            self.show(Round::deal(seed, 0, self.round.money_before));
        } else {
            self.next_round(seed);
        }
    }

    fn game_id(&self) -> String {
        game_id(self.round.seed, self.round.start)
    }

    /// Deals the round of the ID with the bankroll as it is (a round given
    /// up half played loses its bet).
    fn start_from_game_id(&mut self, id: &str) -> Result<(), GameError> {
        let (seed, start) = parse_game_id(id).map_err(GameError)?;
        let round = Round::deal(seed, start, self.round.money);
        self.from_id = true;
        self.unseeded_shoe = false;
        self.view.hand.reset();
        self.show(round);
        Ok(())
    }
}

impl Outcomes for BlackjackGame {
    /// Won when the round gave back more than its bets, lost when less,
    /// with the bankroll after it as the score; a push is neither (the
    /// round stays unfinished for the statistics). A round dealt from a
    /// typed game ID counts as helped: its cards could be known.
    ///
    /// Every move is an undo barrier: each deals a card from the shoe or
    /// turns the dealer's hole card, so Undo would show what comes next.
    fn outcome(&self) -> Outcome {
        let outcome = match self.round.net() {
            Some(n) if n > 0 => Outcome::won(),
            Some(n) if n < 0 => Outcome::lost(),
            _ => return Outcome::PLAYING.with_undo(UndoRule::Barrier),
        };
        outcome
            .with_score(self.round.money)
            .with_assistance(self.from_id)
            .with_undo(UndoRule::Barrier)
    }

    fn score_kind(&self) -> ScoreKind {
        ScoreKind {
            lower_is_better: false,
            unit: "dollars".into(),
        }
    }
}

impl SaveLoad for BlackjackGame {
    /// The text of [`crate::save`].
    fn save(&self) -> Vec<u8> {
        crate::save::write(&self.saved())
    }

    fn load(&mut self, bytes: &[u8]) -> Result<(), GameError> {
        let saved = crate::save::read(bytes).map_err(GameError)?;
        self.round = saved.round;
        self.from_id = saved.from_id;
        self.restart_view();
        self.keep();
        Ok(())
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn game_at(seed: u64, wanted: impl Fn(&Round) -> bool) -> BlackjackGame {
        let round = (0..=LAST_START)
            .map(|start| Round::deal(seed, start, 100))
            .find(|r| wanted(r))
            .expect("a round like that in the shoe");
        let mut g = BlackjackGame::with_round(Host::detached(), round);
        g.lay_out_canvas(Point::new(1000.0, 600.0));
        g
    }

    /// With no shoe kept (a first session, or no data directory), the
    /// launcher's first new game shuffles the shoe by its seed: a new game
    /// from a seed deals the same cards every time; the next new game goes
    /// on in that shoe.
    #[test]
    fn a_first_new_game_from_a_seed_deals_the_same_cards_every_time() {
        let first = |seed| {
            let mut g = BlackjackGame::new(Host::detached()).unwrap();
            g.new_game(seed);
            g
        };
        let (mut a, b) = (first(7), first(7));
        assert_eq!(a.round().money_before, 100, "the bankroll as it was");
        assert_eq!(a.game_id(), "7-0");
        assert_eq!(a.game_id(), b.game_id());
        assert_eq!(a.round().hands[0].cards, b.round().hands[0].cards);
        assert_ne!(first(8).game_id(), a.game_id());
        a.new_game(9);
        assert!(
            a.game_id().starts_with("7-"),
            "{}: the same shoe",
            a.game_id()
        );
        // The game's own first round may settle at once (a blackjack): the
        // launcher's new game starts from the bankroll before it.
        let settled = (0..)
            .map(|seed| Round::deal(seed, 0, 100))
            .find(|r| r.money != 100)
            .unwrap();
        let mut c = BlackjackGame::with_round(Host::detached(), settled);
        c.unseeded_shoe = true;
        c.new_game(7);
        assert_eq!(c.game_id(), "7-0");
        assert_eq!(c.round().money_before, 100);
        assert_eq!(c.round().hands[0].cards, b.round().hands[0].cards);
    }

    #[test]
    fn a_hit_card_slides_from_the_shoe_and_the_hole_card_turns_on_a_stand() {
        let mut g = game_at(3, |r| !r.is_settled() && r.hands[0].total() <= 11);
        let shoe_at = g
            .view
            .table
            .card_pos(SHOE, g.view.table.piles[SHOE].cards.len() - 1);
        assert!(g.play_move(Move::Hit));
        let slides = g.view.anim.slides().to_vec();
        assert_eq!(slides.len(), 1, "{slides:?}");
        assert_eq!((slides[0].pile, slides[0].index), (PLAYER, 2));
        assert_eq!(slides[0].from, shoe_at);
        assert!(!slides[0].was_up, "it turns face up on its way");
        for _ in 0..40 {
            g.handle_event(&Event::Tick { dt: 0.02 });
        }
        assert!(!g.view.anim.is_running());
        if g.round.is_settled() {
            return;
        }
        assert!(g.play_move(Move::Stand));
        let turned = g
            .view
            .anim
            .slides()
            .iter()
            .any(|s| s.pile == DEALER && s.index == 1 && !s.was_up);
        assert!(turned, "the hole card turns over");
        assert!(g.view.table.piles[DEALER].cards.iter().all(|c| c.face_up));
    }

    #[test]
    fn the_status_line_says_the_totals_and_the_choices() {
        let g = game_at(3, |r| {
            !r.is_settled() && r.check(Move::Split).is_err() && min_value(r.dealer[0]) == 10
        });
        let total = g.round.hands[0].total();
        let status = g.status();
        assert!(
            status.contains(&format!(
                "Your total is {total}, the dealer shows a 10: Hit, Stand or Double."
            )),
            "{status}"
        );
        assert!(
            status.ends_with("You have $98. (Each bet is $2.)"),
            "{status}"
        );
        let buttons: Vec<&str> = g
            .view
            .table
            .buttons
            .iter()
            .map(|b| b.label.as_str())
            .collect();
        assert_eq!(buttons, ["Hit", "Stand", "Double"]);
    }

    #[test]
    fn a_refused_move_is_said_and_changes_nothing() {
        let mut g = game_at(3, |r| !r.is_settled() && r.check(Move::Split).is_err());
        let before = g.round.clone();
        assert!(!g.play_move(Move::Split));
        assert_eq!(g.round, before);
        assert!(
            g.status()
                .starts_with("Split: only two equal cards can be split.")
        );
    }
}
