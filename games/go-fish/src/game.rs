//! [`GoFishGame`], the [`Game`] the launcher runs: the rules of
//! [`crate::rules`] on a [`cards::Table`] laid out as the original's
//! (Opponent 1's area top left, Opponent 2's top right, the pile between
//! them, yours across the bottom, each with its box of matches).
//!
//! You play by dragging: a card of your hand onto an opponent's area asks
//! that opponent for its rank, a card of a whole match onto your box puts
//! the match there, and after "Go Fish!" the pile's top card onto your
//! hand draws it (a click on the pile draws too). The keys play the same
//! through the kit's cursor (Enter picks a card up and puts it down).
//!
//! The computer players never keep the window waiting: when your move
//! passes the turn, the rules play the opponents' turns at once (a few
//! random choices), and the window then shows them one step at a time on
//! its ticks, each ask for a moment (the asked card turned up, the asked
//! player's hand lit), with the status line saying whose turn it is. A
//! click or Space shows the rest at once. The saved state is the rules'
//! (your turn again), so undo goes back to your previous move.

use cards::anim::Snapshot;
use cards::replay::{ShowsTurns, Turns};
use cards::view::{Drag, View};
use cards::{Card, Fan, Hit, Pile, Play, Rank, Rules, Table, TableCard};
use game_api::settings::{Options, SettingsFile};
use game_api::{
    Action, Event, Game, GameError, Host, NewGame, Outcome, Outcomes, Painter, Point, Region,
    Response, Rgba, SaveLoad, ScoreKind, Style, UndoRule,
};

use crate::rules::{Ask, GoFish, MatchSize, Move, NAMES, PLAYERS, Phase, Report, YOU};
use crate::save::{Saved, game_id, parse_game_id};

/// Each opponent's hand pile (your hand's entry is the first of your
/// cards' piles, [`YOUR_HAND`]).
pub const HAND: [usize; PLAYERS] = [YOUR_HAND, 0, 3];
/// Each player's box pile.
pub const BOX: [usize; PLAYERS] = [5, 1, 4];
/// The pile to fish from.
pub const STOCK: usize = 2;
/// Your hand: each card a pile of its own from this index on (so that a
/// drag picks up one card), in a row, sorted by rank.
pub const YOUR_HAND: usize = 6;

/// Whether pile `pile` is a card of your hand.
pub fn is_your_hand(pile: usize) -> bool {
    pile >= YOUR_HAND
}

/// The Match choice's id.
pub const MATCH_ACTION: &str = "match";

/// The grid: eight card widths across (the original's table), rows for
/// the opponents, the pile and you.
const COLS: f32 = 8.0;
const ROWS: f32 = 3.7;
/// The areas, in grid units: left, top, right, bottom.
const AREAS: [(f32, f32, f32, f32); PLAYERS] = [
    (0.0, 2.32, 8.0, 3.7),
    (0.0, 0.0, 3.45, 1.42),
    (4.55, 0.0, 8.0, 1.42),
];
/// How long a computer player's step stays on show, in seconds.
pub const STEP_SECONDS: f32 = 0.8;

/// Where player `p`'s hand starts, in grid units.
fn hand_at(p: usize) -> (f32, f32) {
    (AREAS[p].0 + 0.12, AREAS[p].1 + 0.22)
}

/// Where player `p`'s box is, in grid units.
fn box_at(p: usize) -> (f32, f32) {
    (AREAS[p].2 - 1.0, AREAS[p].1 + 0.22)
}

/// The game in its window.
pub struct GoFishGame {
    view: View,
    /// The rules' state (always at your turn, your fishing, or the end),
    /// what the table shows, and the computer players' steps between.
    turns: Turns<GoFish>,
    seed: u64,
    /// The match size the next game is dealt with (the option).
    next_size: MatchSize,
    /// What happened last, for the status line.
    message: Option<String>,
    /// What undoing the last move would mean, for the launcher's midend
    /// (revision 6): not saved, set as each move is made.
    undo: UndoRule,
}

/// The drag rules: your hand's cards on your turn, to an opponent (ask)
/// or to your box (a whole match); the pile's top card while you fish, to
/// your hand or your box.
struct FishRules<'a> {
    game: &'a GoFish,
    replaying: bool,
}

impl Rules for FishRules<'_> {
    fn movable(&self, table: &Table, pile: usize, index: usize) -> bool {
        if self.replaying {
            return false;
        }
        match self.game.phase {
            Phase::Turn(YOU) => is_your_hand(pile),
            Phase::Fishing => pile == STOCK && index + 1 == table.piles[STOCK].cards.len(),
            _ => false,
        }
    }

    fn accepts(&self, table: &Table, from: usize, index: usize, to: usize) -> bool {
        let card = table.piles[from].cards[index].card;
        move_for(from, card, to).is_some_and(|mv| self.game.check(mv).is_ok())
    }

    /// A player's area stands for their hand, as the original's regions
    /// do: a card dropped where no card is asks that opponent, or, yours,
    /// goes to your hand (your first card's pile, or your box when your
    /// hand is empty).
    fn area_pile(&self, table: &Table, at: Point) -> Option<usize> {
        let inside = |(min, size): (Point, Point)| {
            at.x >= min.x && at.y >= min.y && at.x < min.x + size.x && at.y < min.y + size.y
        };
        let p = (0..PLAYERS).find(|&p| inside(table.layout().area(AREAS[p])))?;
        Some(match p {
            YOU if table.piles.len() > YOUR_HAND => YOUR_HAND,
            YOU => BOX[YOU],
            p => HAND[p],
        })
    }
}

/// The move a drop of `card` from pile `from` onto pile `to` means.
fn move_for(from: usize, card: Card, to: usize) -> Option<Move> {
    if is_your_hand(from) {
        if to == BOX[YOU] {
            return Some(Move::Declare { card });
        }
        return (1..PLAYERS)
            .find(|&p| to == HAND[p] || to == BOX[p])
            .map(|target| Move::Ask { target, card });
    }
    (from == STOCK && (is_your_hand(to) || to == BOX[YOU])).then_some(Move::Draw)
}

/// The plural of a rank's name: "sevens", "sixes".
pub fn ranks(rank: Rank) -> String {
    match rank.name() {
        "six" => "sixes".into(),
        name => format!("{name}s"),
    }
}

/// "a seven", "an ace", "an eight".
pub fn a_rank(rank: Rank) -> String {
    cards::card::with_article(rank.name())
}

/// A player's name as the subject of a sentence: "You", "Opponent 1".
fn who(p: usize) -> &'static str {
    NAMES[p]
}

/// A player's name as an object: "you", "Opponent 1".
fn whom(p: usize) -> &'static str {
    if p == YOU { "you" } else { NAMES[p] }
}

fn count_of(n: usize, size: MatchSize) -> String {
    format!("{n} {}{}", size.noun(), if n == 1 { "" } else { "s" })
}

/// The sentence for what happened.
pub fn describe(report: &Report, size: MatchSize) -> String {
    let noun = size.noun();
    match report {
        Report::Declared { player, rank } => {
            format!(
                "{} put a {noun} of {} in the box.",
                who(*player),
                ranks(*rank)
            )
        }
        Report::Chose(Ask {
            asker,
            target,
            card,
        }) => format!(
            "{} asks {} for {}.",
            who(*asker),
            whom(*target),
            ranks(card.rank)
        ),
        Report::Answered {
            ask,
            given,
            matched,
            drew,
            pile_empty,
        } => {
            let rank = ask.card.rank;
            let mut s = if !given.is_empty() {
                let what = match given.len() {
                    1 => a_rank(rank),
                    n => format!("{n} {}", ranks(rank)),
                };
                match (ask.asker, ask.target) {
                    (YOU, t) => format!("{} gave you {what}.", who(t)),
                    (a, YOU) => format!("You gave {} {what}.", who(a)),
                    (a, t) => format!("{} gave {} {what}.", who(t), who(a)),
                }
            } else {
                let has = if ask.target == YOU { "have" } else { "has" };
                format!("{} {has} no {}: Go Fish!", who(ask.target), ranks(rank))
            };
            if *pile_empty {
                s.push_str(" The pile is empty.");
            }
            match (drew, ask.asker) {
                (Some(card), _) if *matched => s.push_str(&format!(
                    " {} drew the {}: a {noun}!",
                    who(ask.asker),
                    card.name()
                )),
                (Some(_), _) => s.push_str(&format!(" {} drew a card.", who(ask.asker))),
                (None, _) if *matched && !given.is_empty() => {
                    s.push_str(&format!(" A {noun} for {}.", whom(ask.asker)));
                }
                _ => {}
            }
            s
        }
        Report::Drew { card, matched } => {
            if *matched {
                format!("You drew the {}: a {noun}! Your turn again.", card.name())
            } else {
                format!("You drew the {}.", card.name())
            }
        }
    }
}

impl GoFishGame {
    /// A game with `size` matches dealt from `seed`, with `host`.
    pub fn with_seed(host: Host, size: MatchSize, seed: u64) -> GoFishGame {
        let mut g = GoFishGame {
            view: View::new(host, Self::empty_table()),
            turns: Turns::new(GoFish::deal(size, seed), STEP_SECONDS),
            seed,
            next_size: size,
            message: None,
            undo: UndoRule::Free,
        };
        g.view.lay_out(g.view.table.canvas_size());
        g.restart_view();
        g
    }

    /// The rules' state (your turn, fishing, or over: the computers'
    /// turns already played).
    pub fn rules(&self) -> &GoFish {
        self.turns.rules()
    }

    /// The state the table shows now (behind the rules' while the
    /// computers' steps are being shown).
    pub fn shown(&self) -> &GoFish {
        self.turns.shown()
    }

    /// Whether computer players' steps are still being shown.
    pub fn replaying(&self) -> bool {
        self.turns.is_running()
    }

    /// Shows every computer step left at once: the table after the last.
    pub fn skip_replay(&mut self) {
        self.show_rest();
    }

    /// Makes `mv` as if you had (it slides); whether it was accepted. Any
    /// computer steps still on show are shown at once first.
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
        // The felt is painted under the areas' frames by `draw`.
        t.background = Rgba::with_alpha(0, 0, 0, 0);
        let mut piles = vec![None; YOUR_HAND];
        for p in [1, 2, 0] {
            if p != YOU {
                let mut hand = Pile::new(format!("{}'s hand", NAMES[p]), hand_at(p), Fan::Right);
                // Up to a little short of the box.
                hand.reach =
                    Some((box_at(p).0 - hand_at(p).0 - 0.15) * (1.0 + cards::table::GAP) - 1.0);
                piles[HAND[p]] = Some(hand);
            }
            let name = if p == YOU {
                "your box".to_string()
            } else {
                format!("{}'s box", NAMES[p])
            };
            piles[BOX[p]] = Some(Pile::new(name, box_at(p), Fan::Stacked));
        }
        piles[STOCK] = Some(Pile::new("pile", (3.565, 1.3), Fan::Stacked));
        for p in piles.into_iter().flatten() {
            t.add_pile(p);
        }
        t
    }

    /// After a new deal or a load: nothing held, moving, pending or said.
    fn restart_view(&mut self) {
        self.view.reset();
        self.message = None;
        self.sync();
        self.update_ticks();
    }

    fn new_deal(&mut self, size: MatchSize, seed: u64) {
        self.turns.restart(GoFish::deal(size, seed));
        self.seed = seed;
        self.next_size = size;
        self.restart_view();
    }

    /// Puts the shown state on the table.
    fn put_on_table(&mut self) {
        let g = self.turns.shown();
        let table = &mut self.view.table;
        table.piles[STOCK].cards = g.stock.iter().rev().map(|&c| TableCard::down(c)).collect();
        // The pile is lit while you are told to fish.
        table.piles[STOCK].highlighted = g.phase == Phase::Fishing;
        for (p, &pile) in HAND.iter().enumerate().skip(1) {
            let shown_card = g.pending.filter(|a| a.asker == p).map(|a| a.card);
            // The card asked with is shown on top of the hand.
            let mut hand: Vec<Card> = g.hands[p]
                .iter()
                .copied()
                .filter(|&c| Some(c) != shown_card)
                .collect();
            hand.extend(shown_card);
            table.piles[pile].cards = hand
                .into_iter()
                .map(|c| {
                    if shown_card == Some(c) || g.over() {
                        TableCard::up(c)
                    } else {
                        TableCard::down(c)
                    }
                })
                .collect();
            table.piles[pile].highlighted = g.pending.is_some_and(|a| a.target == p);
        }
        for (p, &pile) in BOX.iter().enumerate() {
            table.piles[pile].cards = g.boxes[p].iter().map(|&c| TableCard::up(c)).collect();
        }
        // Your hand: a pile per card, spread across your area.
        let mut hand: Vec<Card> = g.hands[YOU].clone();
        hand.sort_by_key(|c| (c.rank, c.suit));
        let asked = g.pending.filter(|a| a.target == YOU).map(|a| a.card.rank);
        table.piles.truncate(YOUR_HAND);
        let (x0, y) = hand_at(YOU);
        let card_units = 1.0 / (1.0 + cards::table::GAP);
        let room = box_at(YOU).0 - 0.15 - x0 - card_units;
        let step = match hand.len() {
            0 | 1 => 0.0,
            n => (room / (n - 1) as f32).min(1.0),
        };
        for (i, c) in hand.into_iter().enumerate() {
            let mut pile = Pile::new("your hand", (x0 + i as f32 * step, y), Fan::Stacked);
            pile.cards.push(TableCard::up(c));
            pile.highlighted = asked == Some(c.rank);
            table.add_pile(pile);
        }
    }

    /// Makes your move `mv` (with its slide from `before`); the computers'
    /// turns that follow are played by the rules at once and queued to be
    /// shown. Whether it was accepted; a refusal's reason goes to the
    /// status line.
    fn make(&mut self, mv: Move, before: Snapshot) -> bool {
        self.make_move(
            &before,
            |g| g.play(mv),
            |this, report| {
                // A match put down shows nothing new; an answer to an ask, a
                // drawn card and the computers' turns do.
                this.undo = match mv {
                    Move::Declare { .. } => UndoRule::Free,
                    Move::Ask { .. } | Move::Draw => UndoRule::Barrier,
                };
                this.message = Some(describe(&report, this.rules().size));
                // The first step is a choice, which changes nothing but the
                // computer's memory and dice: the table before it is the
                // table after your move.
                if let Some(first) = this.turns.next_state() {
                    let after_move = GoFish {
                        pending: None,
                        ..first.clone()
                    };
                    this.turns.show(after_move);
                }
            },
        )
    }

    /// Carries out what the player did; `drag` is where the dragged card
    /// was let go, so it lands from there.
    fn play(&mut self, play: Play, drag: Drag) -> bool {
        let before = self.view.snapshot(drag);
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
                    Some(mv) => self.rules().check(mv).err().map(|r| format!("Refused: {r}.")),
                    None if is_your_hand(from) => Some(
                        "Drag the card onto an opponent's cards to ask for its rank, or a whole match onto your box."
                            .into(),
                    ),
                    None => Some("Drag the card onto your hand.".into()),
                };
                self.view.slide_from(&before);
                self.update_ticks();
                true
            }
            Play::Click(Hit::Card { pile: STOCK, .. }) | Play::Click(Hit::Pile(STOCK))
                if self.rules().phase == Phase::Fishing =>
            {
                self.make(Move::Draw, before)
            }
            Play::Click(Hit::Card { pile, index }) if is_your_hand(pile) => {
                let card = self.view.table.piles[pile].cards[index].card;
                if self.rules().phase == Phase::Turn(YOU)
                    && self.rules().count(YOU, card.rank) >= self.rules().size.cards()
                {
                    return self.make(Move::Declare { card }, before);
                }
                self.message = Some(format!(
                    "To ask for {}, drag the card onto an opponent's cards.",
                    ranks(card.rank)
                ));
                true
            }
            _ => false,
        }
    }

    /// The area of player `p` on the canvas: corner and size.
    fn area(&self, p: usize) -> (Point, Point) {
        self.view.table.layout().area(AREAS[p])
    }

    /// What one player's label says: "Opponent 1: 5 cards, 2 pairs".
    fn player_line(&self, p: usize) -> String {
        let g = self.turns.shown();
        let n = g.hands[p].len();
        format!(
            "{}: {n} card{}, {}",
            NAMES[p],
            if n == 1 { "" } else { "s" },
            count_of(g.matches(p), g.size)
        )
    }

    /// The result at the end: "You win!", "Opponent 1 wins.", a tie.
    fn result_line(&self) -> String {
        let g = self.turns.shown();
        let leaders = g.leaders();
        match leaders[..] {
            [YOU] => "You win!".into(),
            [p] => format!("{} wins.", NAMES[p]),
            _ => format!(
                "A tie between {}.",
                leaders
                    .iter()
                    .map(|&p| NAMES[p])
                    .collect::<Vec<_>>()
                    .join(" and ")
            ),
        }
    }

    fn status_text(&self) -> String {
        let g = self.turns.shown();
        let mut s = String::new();
        if g.over() {
            s.push_str(&format!(
                "Game over. {}; {}; {}. {}",
                self.player_line(YOU),
                self.player_line(1),
                self.player_line(2),
                self.result_line()
            ));
            return s;
        }
        match g.phase {
            Phase::Turn(p) if p != YOU => {
                if let Some(m) = &self.message {
                    s.push_str(m);
                    s.push(' ');
                }
                s.push_str(&format!(
                    "{}'s turn. (Click to see the rest at once.)",
                    NAMES[p]
                ));
            }
            Phase::Turn(_) => {
                // "…: a pair! Your turn again." says whose turn it is.
                self.prompt(
                    &mut s,
                    "Your turn again.",
                    "Your turn.",
                    "(Drag a match to your box or drag a card to an opponent.)",
                );
            }
            Phase::Fishing => {
                // "Opponent 1 has no sevens: Go Fish!" says it already.
                self.prompt(
                    &mut s,
                    "Go Fish!",
                    "Go Fish!",
                    "(Drag the top card of the pile to your hand.)",
                );
            }
            Phase::Over => {}
        }
        self.view.with_hand(s)
    }

    /// Adds the last move's words and what to do now to the status line:
    /// `headline` ("Your turn.") unless the words say it already (contain
    /// `said`), then `instruction`.
    fn prompt(&self, s: &mut String, said: &str, headline: &str, instruction: &str) {
        if let Some(m) = &self.message {
            s.push_str(m);
            s.push(' ');
        }
        if !self.message.as_deref().is_some_and(|m| m.contains(said)) {
            s.push_str(headline);
            s.push(' ');
        }
        s.push_str(instruction);
    }

    fn saved(&self) -> Saved {
        Saved {
            game: self.rules().clone(),
            seed: self.seed,
        }
    }
}

cards::computers!(GoFish, Report);

/// The kit shows the computers' steps on ticks.
impl ShowsTurns for GoFishGame {
    type Rules = GoFish;

    fn sync(&mut self) {
        self.put_on_table();
    }

    /// The last step's sentence (the table shows where the others led).
    fn tell(&mut self, reports: Vec<Report>) {
        let size = self.rules().size;
        self.message = reports.last().map(|r| describe(r, size));
    }

    fn say(&mut self, message: String) {
        self.message = Some(message);
    }

    fn parts(&mut self) -> (&mut View, &mut Turns<GoFish>) {
        (&mut self.view, &mut self.turns)
    }
}

impl Game for GoFishGame {
    cards::table_window!("Go Fish", lay_out);

    fn new(host: Host) -> Result<Self, GameError> {
        host.request_input(game_api::InputKinds::ALL);
        let size = MatchSize::load(host.data_dir().as_deref());
        Ok(GoFishGame::with_seed(
            host,
            size,
            game_api::rng::fresh_seed(),
        ))
    }

    fn draw(&self, painter: &mut dyn Painter) {
        let l = self.view.table.layout();
        painter.rect(
            Point::new(0.0, 0.0),
            l.canvas,
            Style::solid(cards::table::FELT),
        );
        let turn = self.shown().turn();
        for p in 0..PLAYERS {
            l.draw_area(painter, self.area(p), turn == Some(p), &self.player_line(p));
        }
        self.view.draw(painter);
        if self.shown().over() && !self.view.anim.is_running() {
            // Left of the pile, between the areas.
            let at = l.place((1.72, 1.87));
            l.draw_result(painter, at, 0.4, &self.result_line());
        }
    }

    fn handle_event(&mut self, event: &Event) -> Response {
        if let Some(response) = self.replay_event(event) {
            return response;
        }
        let rules = FishRules {
            game: self.turns.rules(),
            replaying: self.turns.is_running(),
        };
        let (play, changed) = self.view.point(&rules, event);
        let played = play.is_some_and(|(p, drag)| self.play(p, drag));
        Response::redraw_if(changed || played)
    }

    /// The Match choice (`m`, starts a new game): pairs or books of four.
    fn actions(&self) -> Vec<Action> {
        vec![
            Action::choice(
                MATCH_ACTION,
                "Match",
                MatchSize::ALL.map(|m| m.to_string()),
                self.next_size.to_string(),
            )
            .with_shortcut("m"),
        ]
    }

    fn invoke_action(&mut self, id: &str, value: &str) -> Result<Response, GameError> {
        match id {
            MATCH_ACTION => {
                let size = MatchSize::ALL
                    .into_iter()
                    .find(|m| m.to_string() == value.trim() || m.word() == value.trim())
                    .ok_or_else(|| GameError(format!("{value:?} is not Pairs or Books of four")))?;
                self.next_size = size;
                SettingsFile::update_for(&self.view.host, |file| size.write(file));
                let host = self.view.host;
                host.new_game_or(|seed| self.new_deal(size, seed));
            }
            other => return Err(GameError(format!("Go Fish has no action {other:?}"))),
        }
        Ok(Response::REDRAW)
    }

    /// The table's regions (your hand's cards clipped to the part that
    /// shows, so that activating one hits its card), and a line for each
    /// player: "Opponent 1: 5 cards, 2 pairs".
    fn regions(&self) -> Vec<Region> {
        let mut regions = self.view.regions_of_hand(YOUR_HAND);
        for p in 0..PLAYERS {
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

impl NewGame for GoFishGame {
    fn new_game(&mut self, seed: u64) {
        self.new_deal(self.next_size, seed);
    }

    fn game_id(&self) -> String {
        game_id(self.rules().size, self.seed)
    }

    fn start_from_game_id(&mut self, id: &str) -> Result<(), GameError> {
        let (size, seed) = parse_game_id(id, self.next_size).map_err(GameError)?;
        self.new_deal(size, seed);
        Ok(())
    }
}

impl Outcomes for GoFishGame {
    /// Won when the game is over and you have more matches than each
    /// opponent, else lost (a tie for the most is not a win); the score is
    /// your matches. Told once the last computer step is on show.
    fn outcome(&self) -> Outcome {
        let shown = self.shown();
        let outcome = if !shown.over() {
            Outcome::PLAYING
        } else if shown.you_won() {
            Outcome::won().with_score(shown.matches(YOU) as i64)
        } else {
            Outcome::lost().with_score(shown.matches(YOU) as i64)
        };
        outcome.with_undo(self.undo)
    }

    fn score_kind(&self) -> ScoreKind {
        ScoreKind {
            lower_is_better: false,
            unit: "matches".into(),
        }
    }
}

impl SaveLoad for GoFishGame {
    /// The text of [`crate::save`]: the rules' state, at your turn.
    fn save(&self) -> Vec<u8> {
        crate::save::write(&self.saved())
    }

    fn load(&mut self, bytes: &[u8]) -> Result<(), GameError> {
        let saved = crate::save::read(bytes).map_err(GameError)?;
        // A save made mid-way (by an older build) plays the rest now.
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

    /// A seed whose opening ask of Opponent 1 for your first card fails
    /// and whose draw makes no match: the computers play next.
    fn passing_seed() -> (u64, Card) {
        (1..500)
            .find_map(|s| {
                let mut g = GoFish::deal(MatchSize::Pairs, s);
                let card = g.hands[YOU][0];
                g.play(Move::Ask { target: 1, card }).ok()?;
                (g.phase == Phase::Fishing).then_some(())?;
                g.play(Move::Draw).ok()?;
                g.computer_to_play().then_some((s, card))
            })
            .unwrap()
    }

    /// Issue 40: the card drawn after "Go Fish!" dropped on the empty part
    /// of your area was put back; the original takes it into your hand.
    #[test]
    fn the_drawn_card_dropped_anywhere_in_your_area_goes_to_your_hand() {
        let (seed, card) = passing_seed();
        let mut g = GoFishGame::with_seed(Host::detached(), MatchSize::Pairs, seed);
        g.lay_out_canvas(Point::new(1000.0, 700.0));
        assert!(g.play_move(Move::Ask { target: 1, card }));
        assert_eq!(g.shown().phase, Phase::Fishing);
        let held = g.shown().hands[YOU].len();
        // A place in your area that no card or pile covers.
        let (min, size) = g.area(YOU);
        let empty = (1..40)
            .flat_map(|i| (1..10).map(move |j| (i, j)))
            .map(|(i, j)| {
                Point::new(
                    min.x + size.x * i as f32 / 40.0,
                    min.y + size.y * j as f32 / 10.0,
                )
            })
            .find(|&at| g.view.table.hit(at) == Hit::Background)
            .expect("an empty part of your area");
        let top = g.view.table.piles[STOCK].cards.len() - 1;
        let corner = g.view.table.card_pos(STOCK, top);
        let card_size = g.view.table.layout().card();
        let from = Point::new(corner.x + card_size.x / 2.0, corner.y + card_size.y / 2.0);
        g.handle_event(&Event::press(from));
        g.handle_event(&Event::PointerMove { pos: empty });
        g.handle_event(&Event::release(empty));
        assert_eq!(g.shown().hands[YOU].len(), held + 1, "{}", g.status());
        assert_ne!(g.shown().phase, Phase::Fishing);
    }

    /// Issue 40: "…: Go Fish! Go Fish! (Drag…)" and "…: a pair! Your turn
    /// again. Your turn. (Drag…)": each is said once.
    #[test]
    fn the_status_line_says_go_fish_and_your_turn_once() {
        let (seed, card) = passing_seed();
        let mut g = GoFishGame::with_seed(Host::detached(), MatchSize::Pairs, seed);
        assert!(g.play_move(Move::Ask { target: 1, card }));
        let status = g.status();
        assert!(status.contains(": Go Fish! (Drag the top card"), "{status}");
        assert_eq!(status.matches("Go Fish!").count(), 1, "{status}");
        // A draw that makes a match: your turn again.
        let seed = (1..2000)
            .find(|&s| {
                let mut r = GoFish::deal(MatchSize::Pairs, s);
                let card = r.hands[YOU][0];
                r.play(Move::Ask { target: 1, card }).is_ok()
                    && r.phase == Phase::Fishing
                    && r.play(Move::Draw).is_ok()
                    && r.phase == Phase::Turn(YOU)
            })
            .expect("a lucky draw in 2000 deals");
        let mut g = GoFishGame::with_seed(Host::detached(), MatchSize::Pairs, seed);
        let card = g.shown().hands[YOU][0];
        assert!(g.play_move(Move::Ask { target: 1, card }));
        assert!(g.play_move(Move::Draw));
        let status = g.status();
        assert!(
            status.contains("Your turn again. (Drag a match"),
            "{status}"
        );
        assert!(!status.contains("Your turn."), "{status}");
    }

    #[test]
    fn asks_and_draws_are_undo_barriers_and_a_match_put_down_is_not() {
        let (seed, card) = passing_seed();
        let mut g = GoFishGame::with_seed(Host::detached(), MatchSize::Pairs, seed);
        assert!(g.play_move(Move::Ask { target: 1, card }));
        assert_eq!(g.outcome().undo, UndoRule::Barrier, "the answer showed");
        assert!(g.play_move(Move::Draw));
        assert_eq!(g.outcome().undo, UndoRule::Barrier, "the card drawn");
        // A deal whose hand holds a pair to put down.
        let (seed, card) = (1..500)
            .find_map(|s| {
                let g = GoFish::deal(MatchSize::Pairs, s);
                g.hands[YOU]
                    .iter()
                    .copied()
                    .find(|&card| g.clone().play(Move::Declare { card }).is_ok())
                    .map(|card| (s, card))
            })
            .expect("a pair dealt in 500 deals");
        let mut g = GoFishGame::with_seed(Host::detached(), MatchSize::Pairs, seed);
        assert!(g.play_move(Move::Declare { card }));
        assert_eq!(g.outcome().undo, UndoRule::Free);
    }

    #[test]
    fn a_computers_ask_is_shown_with_its_card_up_and_the_asked_hand_lit() {
        let (seed, card) = passing_seed();
        let mut g = GoFishGame::with_seed(Host::detached(), MatchSize::Pairs, seed);
        g.lay_out_canvas(Point::new(1000.0, 700.0));
        assert!(g.play_move(Move::Ask { target: 1, card }));
        assert_eq!(g.shown().phase, Phase::Fishing);
        assert!(
            g.view.table.piles[STOCK].highlighted,
            "the pile is lit to fish"
        );
        assert!(g.play_move(Move::Draw));
        assert!(g.replaying());
        assert_eq!(g.shown().phase, Phase::Turn(1));
        assert!(
            g.status()
                .ends_with("Opponent 1's turn. (Click to see the rest at once.)")
        );
        // Nothing shows until the step's moment has passed.
        g.handle_event(&Event::Tick {
            dt: STEP_SECONDS / 2.0,
        });
        assert_eq!(g.shown().pending, None);
        g.handle_event(&Event::Tick {
            dt: STEP_SECONDS / 2.0,
        });
        let ask = g.shown().pending.expect("Opponent 1's ask on show");
        assert_eq!(ask.asker, 1);
        let up: Vec<&TableCard> = g.view.table.piles[HAND[1]]
            .cards
            .iter()
            .filter(|c| c.face_up)
            .collect();
        assert_eq!(up.len(), 1);
        assert_eq!(up[0].card, ask.card);
        // On top of the hand, wholly in sight.
        assert_eq!(
            g.view.table.piles[HAND[1]].cards.last().unwrap().card,
            ask.card
        );
        if ask.target == 2 {
            assert!(g.view.table.piles[HAND[2]].highlighted);
        } else {
            // Your cards of the rank asked for are lit.
            for p in YOUR_HAND..g.view.table.piles.len() {
                let pile = &g.view.table.piles[p];
                assert_eq!(pile.highlighted, pile.cards[0].card.rank == ask.card.rank);
            }
        }
        let asks = format!(
            "Opponent 1 asks {} for {}.",
            if ask.target == YOU {
                "you"
            } else {
                "Opponent 2"
            },
            ranks(ask.card.rank)
        );
        assert!(g.status().starts_with(&asks), "{}", g.status());
        let label = format!("{}, face up, top of Opponent 1's hand", ask.card.name());
        assert!(g.regions().iter().any(|r| r.label.starts_with(&label)));
        // Ticks bring the table to the rules' state, and stop.
        for _ in 0..1000 {
            if !g.replaying() && !g.view.anim.is_running() {
                break;
            }
            g.handle_event(&Event::Tick { dt: 0.1 });
        }
        assert_eq!(g.shown(), g.rules());
        assert!(g.view.ticks().is_none());
    }

    #[test]
    fn while_a_step_only_waits_its_moment_ticks_are_slow_and_draw_nothing() {
        let (seed, card) = passing_seed();
        let mut g = GoFishGame::with_seed(Host::detached(), MatchSize::Pairs, seed);
        g.lay_out_canvas(Point::new(1000.0, 700.0));
        assert!(g.play_move(Move::Ask { target: 1, card }));
        assert!(g.play_move(Move::Draw));
        assert!(g.replaying());
        // Your card slides: ticks come often, each a frame.
        assert_eq!(g.view.ticks(), Some(SLIDE_TICK));
        let tick = |g: &mut GoFishGame, dt: f32| g.handle_event(&Event::Tick { dt }).redraw;
        assert!(tick(&mut g, 0.3));
        // It has landed: the computer's step waits its moment, slowly and
        // without a frame (each costs the window CPU).
        assert_eq!(g.view.ticks(), Some(WAIT_TICK));
        assert!(!tick(&mut g, 0.1));
        assert_eq!(g.shown().pending, None);
        // Its moment: it shows, and its card slides.
        assert!(tick(&mut g, STEP_SECONDS));
        assert!(g.shown().pending.is_some());
        assert_eq!(g.view.ticks(), Some(SLIDE_TICK));
    }

    #[test]
    fn a_given_card_slides_to_the_box() {
        // Find a deal where Opponent 1 holds a rank you hold.
        let (seed, card) = (1..500)
            .find_map(|s| {
                let g = GoFish::deal(MatchSize::Pairs, s);
                let c = *g.hands[YOU]
                    .iter()
                    .find(|c| g.count(1, c.rank) > 0 && g.count(YOU, c.rank) == 1)?;
                Some((s, c))
            })
            .unwrap();
        let mut g = GoFishGame::with_seed(Host::detached(), MatchSize::Pairs, seed);
        g.lay_out_canvas(Point::new(1000.0, 700.0));
        assert!(g.play_move(Move::Ask { target: 1, card }));
        assert_eq!(g.rules().matches(YOU), 1);
        assert!(
            g.status().starts_with("Opponent 1 gave you "),
            "{}",
            g.status()
        );
        assert!(g.status().contains("A pair for you."), "{}", g.status());
        let to_box: Vec<_> = g
            .view
            .anim
            .slides()
            .iter()
            .filter(|s| s.pile == BOX[YOU])
            .collect();
        assert_eq!(to_box.len(), 2);
        assert!(g.view.ticks().is_some());
    }

    #[test]
    fn every_card_of_a_long_hand_is_hit_at_its_regions_centre() {
        let mut g = GoFishGame::with_seed(Host::detached(), MatchSize::Books, 4);
        let mut rules = g.rules().clone();
        // Twenty cards in your hand.
        let more: Vec<Card> = rules.stock.drain(..13).collect();
        rules.hands[YOU].extend(more);
        let bytes = crate::save::write(&Saved {
            game: rules,
            seed: 4,
        });
        g.load(&bytes).unwrap();
        g.lay_out_canvas(Point::new(800.0, 600.0));
        let regions: Vec<Region> = g
            .regions()
            .into_iter()
            .filter(|r| r.label.ends_with("top of your hand"))
            .collect();
        assert_eq!(regions.len(), 20);
        for r in &regions {
            let Hit::Card { pile, .. } = g.view.table.hit(r.center()) else {
                panic!("{}", r.label)
            };
            let name = g.view.table.piles[pile].cards[0].card.name();
            assert!(r.label.starts_with(&name), "{} hits {name}", r.label);
            // On the canvas.
            assert!(r.min.x + r.size.x <= 800.0 && r.min.y + r.size.y <= 600.0);
        }
    }

    #[test]
    fn the_match_size_is_an_action_and_in_the_game_id() {
        let mut g = GoFishGame::with_seed(Host::detached(), MatchSize::Pairs, 8);
        assert_eq!(g.game_id(), "pairs:8");
        let actions = g.actions();
        assert_eq!(actions[0].id, MATCH_ACTION);
        g.invoke_action(MATCH_ACTION, "Books of four").unwrap();
        assert_eq!(g.rules().size, MatchSize::Books);
        assert!(g.invoke_action(MATCH_ACTION, "triples").is_err());
        g.start_from_game_id("pairs:8").unwrap();
        assert_eq!(g.rules(), &GoFish::deal(MatchSize::Pairs, 8));
        assert!(g.start_from_game_id("pears:8").is_err());
        let r = Report::Declared {
            player: YOU,
            rank: Rank::new(6).unwrap(),
        };
        assert_eq!(
            describe(&r, MatchSize::Books),
            "You put a book of sixes in the box."
        );
    }
}
