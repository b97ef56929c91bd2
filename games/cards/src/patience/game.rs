//! [`PatienceGame`]: one [`Game`] for every patience, built from a
//! [`Variant`]: its name, its choices (Klondike's Draw and Redeals), the
//! places of its piles and its rules ([`Description`]) and its deal. The
//! game gives the rest: the table laid out to the window, drag and drop,
//! a double click or right click sending a card home, autoplay, keyboard
//! play and screen-reader regions (the kit's [`Hand`] and [`Table`]),
//! cards sliding on ticks, the status line, Hint and "Winnable?" from the
//! [`solver`](super::solver), New game, game IDs, saves ([`super::save`])
//! and the outcome for the launcher's statistics.
//!
//! A patience is then a page:
//!
//! ```
//! use cards::patience::game::{Description, PatienceGame, Variant};
//! use cards::patience::{FREECELL_RULES, Patience, Role};
//!
//! /// FreeCell with a plain shuffle.
//! pub struct Cells;
//! impl Variant for Cells {
//!     const NAME: &'static str = "Cells";
//!     const SAVE_WORD: &'static str = "cells";
//!     fn describe(_chosen: &[usize]) -> Description {
//!         let mut piles = Vec::new();
//!         piles.extend((0..4).map(|i| (Role::FreeCell, (i as f32, 0.0))));
//!         piles.extend((0..4).map(|i| (Role::Foundation, (4.0 + i as f32, 0.0))));
//!         piles.extend((0..8).map(|i| (Role::Tableau, (i as f32, 1.1))));
//!         Description { grid: (8.0, 4.5), piles, rules: FREECELL_RULES }
//!     }
//!     fn deal(seed: u64, _chosen: &[usize], game: &mut Patience) {
//!         game.deal_rows(&cards::deal::shuffled_deck(seed), &[7, 7, 7, 7, 6, 6, 6, 6], true);
//!     }
//! }
//! let game = PatienceGame::<Cells>::with_seed(game_api::Host::detached(), 1);
//! assert_eq!(game.patience().piles.len(), 16);
//! ```

use std::marker::PhantomData;

use game_api::settings::SettingsFile;
use game_api::{
    Action, Event, Game, GameError, Host, NewGame, Outcome, Outcomes, Painter, Response, Rng,
    SaveLoad, ScoreKind,
};

use super::save::{self, Saved};
use super::solver::{GAME_BUDGET, Search, Solution, Verdict, solve};
use super::{Move, Patience, PatienceRules, Role};
use crate::anim::Snapshot;
use crate::drag::Focus;
use crate::table::{Fan, Hit, Pile as TablePile, Table, TableCard};
use crate::view::{Drag, View};
use crate::{Play, Rules};

/// A choice of a variant, shown in the tool bar, kept between sessions
/// and written in the game ID.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Choice {
    /// Its id (also the settings key).
    pub id: &'static str,
    /// Its label ("Draw"), which `records-by` in `info.toml` may name.
    pub label: &'static str,
    /// The key that cycles it.
    pub shortcut: &'static str,
    /// Its options as shown and as written in game IDs ("1", "3").
    pub options: &'static [&'static str],
    /// The option chosen at first.
    pub default: usize,
}

/// A patience's table: the grid in card units, each pile's role and
/// place, and the rules.
#[derive(Clone, Debug, PartialEq)]
pub struct Description {
    /// The grid, columns across and rows down.
    pub grid: (f32, f32),
    /// Each pile's role and place (column, row), in reading order.
    pub piles: Vec<(Role, (f32, f32))>,
    /// The rules.
    pub rules: PatienceRules,
}

/// What makes one patience: its name, choices, table and deal.
pub trait Variant: 'static {
    /// Its name ("Klondike"), the window's title.
    const NAME: &'static str;
    /// The first word of its saves ("klondike").
    const SAVE_WORD: &'static str;
    /// Its choices; none by default.
    fn choices() -> Vec<Choice> {
        Vec::new()
    }
    /// The table for the options `chosen` (one index per choice).
    fn describe(chosen: &[usize]) -> Description;
    /// Deals deal number `deal` onto the empty piles of `game`.
    fn deal(deal: u64, chosen: &[usize], game: &mut Patience);
    /// The deal number a new game's seed plays (FreeCell's numbers run
    /// from 1 to a million); the seed itself by default.
    fn deal_number(seed: u64) -> u64 {
        seed
    }
}

/// The Hint control's id.
pub const HINT_ACTION: &str = "hint";
/// The "Winnable?" control's id.
pub const WINNABLE_ACTION: &str = "winnable";
/// The "Home" control's id: every card that can go home goes.
pub const HOME_ACTION: &str = "home";

/// A patience in its window.
pub struct PatienceGame<V: Variant> {
    view: View,
    /// The options this game was dealt with.
    chosen: Vec<usize>,
    /// The options the next game is dealt with.
    next: Vec<usize>,
    game: Patience,
    deal: u64,
    help: u32,
    message: Option<String>,
    hinted: Option<Move>,
    /// A question to the solver under way, run on ticks.
    thinking: Option<(Search, Question)>,
    /// Cards picked by a click, to go where the next click says: the pile
    /// and the lowest card.
    selected: Option<(usize, usize)>,
    variant: PhantomData<V>,
}

/// What the player asked the solver.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
enum Question {
    Hint,
    Winnable,
}

/// Positions the solver looks at per tick: a few hundredths of a second.
pub const NODES_PER_TICK: u64 = 2_000;

/// The ticks asked for while the solver thinks: a frame's worth apart, so
/// its budget of nodes a tick is spent about as fast as a core allows.
const THINK_TICK: std::time::Duration = std::time::Duration::from_millis(16);

/// The kit's drag rules over a patience's own.
struct PatienceRulesOnTable<'a>(&'a Patience);

impl Rules for PatienceRulesOnTable<'_> {
    fn movable(&self, _: &Table, pile: usize, index: usize) -> bool {
        self.0.movable(pile, index)
    }
    fn accepts(&self, _: &Table, from: usize, index: usize, to: usize) -> bool {
        let count = self.0.piles[from].cards.len().saturating_sub(index);
        self.0.check(Move::Cards { from, count, to }).is_ok()
    }
}

fn plural(n: usize, one: &str) -> String {
    format!("{n} {one}{}", if n == 1 { "" } else { "s" })
}

/// The pile names a player reads: "stock", "foundation 2", "column 3",
/// "free cell 1".
pub fn pile_names(roles: &[Role]) -> Vec<String> {
    let mut counts = [0usize; 5];
    roles
        .iter()
        .map(|&role| {
            let i = role as usize;
            counts[i] += 1;
            let n = counts[i];
            match role {
                Role::Stock => "stock".into(),
                Role::Waste => "waste".into(),
                Role::Foundation => format!("foundation {n}"),
                Role::Tableau => format!("column {n}"),
                Role::FreeCell => format!("free cell {n}"),
            }
        })
        .collect()
}

/// The empty table of `description`.
fn table_of(description: &Description) -> Table {
    let mut t = Table::new(description.grid.0, description.grid.1);
    t.card_widths = (24.0, 130.0);
    let roles: Vec<Role> = description.piles.iter().map(|p| p.0).collect();
    for (name, &(role, at)) in pile_names(&roles).into_iter().zip(&description.piles) {
        let pile = match role {
            Role::Tableau => TablePile::new(name, at, Fan::Down),
            Role::Waste => {
                let mut waste =
                    TablePile::new(name, at, Fan::Right).fanning_top(description.rules.draw.max(1));
                waste.reach = Some(0.6);
                waste
            }
            _ => TablePile::new(name, at, Fan::Stacked),
        };
        t.add_pile(pile);
    }
    t
}

/// The variant's empty game for `chosen`.
fn empty<V: Variant>(chosen: &[usize]) -> (Patience, Description) {
    let d = V::describe(chosen);
    let roles: Vec<Role> = d.piles.iter().map(|p| p.0).collect();
    (Patience::new(d.rules, &roles), d)
}

/// The options written as in a game ID ("3,unlimited"), empty for none.
fn options_text<V: Variant>(chosen: &[usize]) -> String {
    V::choices()
        .iter()
        .zip(chosen)
        .map(|(c, &i)| c.options[i])
        .collect::<Vec<_>>()
        .join(",")
}

/// The options of `text` ("3,unlimited"), or what is wrong with it.
fn read_options<V: Variant>(text: &str) -> Result<Vec<usize>, String> {
    let choices = V::choices();
    let words: Vec<&str> = if text.trim().is_empty() {
        Vec::new()
    } else {
        text.split(',').map(str::trim).collect()
    };
    if words.len() != choices.len() {
        let wanted: Vec<String> = choices.iter().map(|c| c.label.to_lowercase()).collect();
        return Err(format!(
            "\"{text}\" should name {} ({})",
            plural(choices.len(), "choice"),
            wanted.join(", ")
        ));
    }
    choices
        .iter()
        .zip(words)
        .map(|(c, w)| {
            c.options
                .iter()
                .position(|o| o.eq_ignore_ascii_case(w))
                .ok_or_else(|| format!("\"{w}\" is not a {} ({})", c.label, c.options.join(", ")))
        })
        .collect()
}

/// Reads a save of variant `V` (its choices give its piles and rules).
pub fn read_save<V: Variant>(bytes: &[u8]) -> Result<Saved, String> {
    save::read(V::SAVE_WORD, bytes, |options| {
        read_options::<V>(options).map(|chosen| empty::<V>(&chosen).0)
    })
}

/// What the solver said of a number of deals ([`study`]).
#[derive(Clone, Debug, Default, PartialEq, Eq)]
pub struct Study {
    /// Deals asked about.
    pub deals: u64,
    /// Deals won by the solver.
    pub winnable: u64,
    /// Deals proven lost.
    pub unwinnable: u64,
    /// Deals the budget did not settle.
    pub undecided: u64,
    /// Positions expanded in all.
    pub nodes: u64,
}

/// Asks the solver, with `budget` nodes each, about `deals` deals of `V`
/// with the options `chosen`, their deal numbers drawn from `seed` as new
/// games draw them ([`Variant::deal_number`] of [`game_api::Rng`]'s
/// numbers): the study each game's manual publishes.
pub fn study<V: Variant>(chosen: &[usize], deals: u64, seed: u64, budget: u64) -> Study {
    let mut rng = game_api::Rng::new(seed);
    let mut out = Study::default();
    for _ in 0..deals {
        let (mut game, _) = empty::<V>(chosen);
        V::deal(V::deal_number(rng.next_u64()), chosen, &mut game);
        game.autoplay();
        let solution = solve(&game, budget);
        out.deals += 1;
        out.nodes += solution.nodes;
        match solution.verdict {
            Verdict::Winnable(_) => out.winnable += 1,
            Verdict::Unwinnable => out.unwinnable += 1,
            Verdict::Undecided => out.undecided += 1,
        }
    }
    out
}

/// The options named by `text` as a game ID writes them ("3,unlimited").
pub fn options_of<V: Variant>(text: &str) -> Result<Vec<usize>, String> {
    read_options::<V>(text)
}

impl<V: Variant> PatienceGame<V> {
    /// Deal number `deal` with the choices' defaults, with `host`.
    pub fn with_seed(host: Host, deal: u64) -> PatienceGame<V> {
        let chosen: Vec<usize> = V::choices().iter().map(|c| c.default).collect();
        Self::with_options(host, &chosen, deal)
    }

    /// Deal number `deal` with the options `chosen`, with `host`.
    pub fn with_options(host: Host, chosen: &[usize], deal: u64) -> PatienceGame<V> {
        let (game, description) = empty::<V>(chosen);
        let mut this = PatienceGame {
            view: View::new(host, table_of(&description)),
            chosen: chosen.to_vec(),
            next: chosen.to_vec(),
            game,
            deal,
            help: 0,
            message: None,
            hinted: None,
            thinking: None,
            selected: None,
            variant: PhantomData,
        };
        this.new_deal(chosen.to_vec(), deal);
        this
    }

    /// The rules' state.
    pub fn patience(&self) -> &Patience {
        &self.game
    }

    /// The table as drawn.
    pub fn table(&self) -> &Table {
        &self.view.table
    }

    fn new_deal(&mut self, chosen: Vec<usize>, deal: u64) {
        let (mut game, description) = empty::<V>(&chosen);
        V::deal(deal, &chosen, &mut game);
        game.autoplay();
        self.set(game, chosen, deal, 0, &description);
    }

    fn set(&mut self, game: Patience, chosen: Vec<usize>, deal: u64, help: u32, d: &Description) {
        let size = self.view.table.canvas_size();
        self.view.table = table_of(d);
        self.view.table.lay_out(size);
        self.game = game;
        self.chosen = chosen;
        self.deal = deal;
        self.help = help;
        self.view.reset();
        self.message = None;
        self.hinted = None;
        self.thinking = None;
        self.selected = None;
        self.sync();
        self.update_ticks();
    }

    /// Puts the rules' state on the table.
    fn sync(&mut self) {
        // The keyboard cursor stays on its pile when the pile shrinks (a
        // turn of the stock, cards moved away): on its new top card.
        if let Some(Focus::Pile { pile, index }) = self.view.hand.focus {
            let n = self.game.piles[pile].cards.len();
            if index >= n {
                let index = n.saturating_sub(1);
                self.view.hand.focus = Some(Focus::Pile { pile, index });
            }
        }
        for (p, pile) in self.game.piles.iter().enumerate() {
            let shown = &mut self.view.table.piles[p];
            shown.cards = pile
                .cards
                .iter()
                .enumerate()
                .map(|(i, &c)| {
                    let mut shown = if pile.is_up(i) {
                        TableCard::up(c)
                    } else {
                        TableCard::down(c)
                    };
                    shown.selected = self.selected.is_some_and(|(sp, si)| sp == p && i >= si);
                    shown
                })
                .collect();
            shown.highlighted = match self.hinted {
                Some(Move::Cards { from, to, .. }) => p == from || p == to,
                Some(Move::Draw) => pile.role == Role::Stock,
                None => false,
            };
        }
    }

    /// Makes `mv` as the player's move, then autoplay; the cards slide from
    /// `before`. Whether it was legal (a refusal is said on the status line).
    fn make(&mut self, mv: Move, before: Snapshot) -> bool {
        self.hinted = None;
        self.thinking = None;
        self.selected = None;
        match self.game.play(mv) {
            Ok(()) => {
                let sent = self.game.autoplay().len();
                self.message = (sent > 0).then(|| format!("{} sent home.", plural(sent, "card")));
                self.sync();
                self.view.slide_from(&before);
                self.update_ticks();
                true
            }
            Err(refusal) => {
                self.message = Some(format!("Refused: {refusal}."));
                self.sync();
                false
            }
        }
    }

    /// Makes `mv` as if the player had; whether it was legal.
    pub fn play_move(&mut self, mv: Move) -> bool {
        let before = self.view.snapshot(None);
        self.make(mv, before)
    }

    /// Sends every card home that can go, until none can (the Home control).
    pub fn all_home(&mut self) -> usize {
        let before = self.view.snapshot(None);
        let mut sent = 0;
        while let Some(from) = (0..self.game.piles.len()).find(|&p| self.game.home_for(p).is_some())
        {
            self.game.send_home(from);
            sent += 1 + self.game.autoplay().len();
        }
        self.hinted = None;
        self.thinking = None;
        self.message = Some(format!("{} sent home.", plural(sent, "card")));
        self.sync();
        self.view.slide_from(&before);
        self.update_ticks();
        sent
    }

    fn play(&mut self, play: Play, drag: Drag) -> bool {
        let before = self.view.snapshot(drag);
        let stock = |pile: usize| self.game.piles[pile].role == Role::Stock;
        match play {
            Play::Move { from, index, to } => {
                let count = self.game.piles[from].cards.len() - index;
                self.make(Move::Cards { from, count, to }, before)
            }
            Play::Refused { from, index, to } => {
                let count = self.game.piles[from].cards.len() - index;
                self.message = to
                    .and_then(|to| self.game.check(Move::Cards { from, count, to }).err())
                    .map(|r| format!("Refused: {r}."));
                self.view.slide_from(&before);
                self.update_ticks();
                true
            }
            Play::Click(Hit::Card { pile, .. } | Hit::Pile(pile)) if stock(pile) => {
                self.make(Move::Draw, before)
            }
            Play::Click(Hit::Card { pile, index }) => self.click(pile, Some(index), before),
            Play::Click(Hit::Pile(pile)) => self.click(pile, None, before),
            Play::DoubleClick(Hit::Card { pile, .. })
            | Play::RightClick(Hit::Card { pile, .. }) => match self.game.home_for(pile) {
                Some(to) => self.make(
                    Move::Cards {
                        from: pile,
                        count: 1,
                        to,
                    },
                    before,
                ),
                None => {
                    let card = self.game.piles[pile]
                        .top()
                        .map_or(String::new(), |c| c.name());
                    self.message = Some(format!("The {card} cannot go home yet."));
                    true
                }
            },
            _ => false,
        }
    }

    /// A click on pile `pile` (on card `index`, or its empty place): the
    /// selected cards go there, or the cards clicked are selected (and a
    /// second click on them lets them go).
    fn click(&mut self, pile: usize, index: Option<usize>, before: Snapshot) -> bool {
        let pick = index.filter(|&i| self.game.movable(pile, i));
        match self.selected {
            Some((from, lowest)) if from != pile => {
                let count = self.game.piles[from].cards.len() - lowest;
                let mv = Move::Cards {
                    from,
                    count,
                    to: pile,
                };
                match self.game.check(mv) {
                    Ok(()) => return self.make(mv, before),
                    Err(refusal) if pick.is_none() => {
                        self.selected = None;
                        self.message = Some(format!("Refused: {refusal}."));
                    }
                    Err(_) => self.select(pile, pick),
                }
            }
            Some(at) if Some(at.1) == index => {
                self.selected = None;
                self.message = None;
            }
            _ => self.select(pile, pick),
        }
        self.sync();
        true
    }

    fn select(&mut self, pile: usize, index: Option<usize>) {
        self.selected = index.map(|i| (pile, i));
        self.message = index.map(|i| {
            let card = self.game.piles[pile].cards[i];
            format!(
                "Selected the {} in {}: click where it goes, or it again to let it go.",
                card.name(),
                self.view.table.piles[pile].name
            )
        });
    }

    /// Words for `mv` ("move the seven of hearts from column 3 onto the
    /// eight of spades in column 5").
    pub fn describe(&self, mv: Move) -> String {
        let name = |p: usize| self.view.table.piles[p].name.clone();
        match mv {
            Move::Draw
                if self
                    .game
                    .of(Role::Stock)
                    .any(|s| self.game.piles[s].cards.is_empty()) =>
            {
                "turn the waste back over into the stock".into()
            }
            Move::Draw => "turn cards from the stock".into(),
            Move::Cards { from, count, to } => {
                let source = &self.game.piles[from];
                let card = source.cards[source.cards.len() - count];
                let with = match count {
                    1 => String::new(),
                    n => format!(" and the {} on it", plural(n - 1, "card")),
                };
                let onto = match (self.game.piles[to].role, self.game.piles[to].top()) {
                    (Role::Foundation, _) => format!("home to {}", name(to)),
                    (_, Some(top)) => format!("onto the {} in {}", top.name(), name(to)),
                    (_, None) => format!("to the empty {}", name(to)),
                };
                format!("move the {}{with} from {} {onto}", card.name(), name(from))
            }
        }
    }

    /// Asks the solver about the table now.
    pub fn solve(&self) -> Solution {
        solve(&self.game, GAME_BUDGET)
    }

    /// Asks the solver for a hint: it thinks on ticks
    /// ([`NODES_PER_TICK`] positions each), then shows a move that keeps
    /// a win it proved, or says that none is left, or that the budget did
    /// not settle it (with the move it would try first).
    pub fn show_hint(&mut self) {
        self.ask(Question::Hint);
    }

    /// Asks the solver whether the deal can still be won from here; it
    /// thinks on ticks, as for a hint.
    pub fn show_winnable(&mut self) {
        self.ask(Question::Winnable);
    }

    /// Whether the solver is thinking.
    pub fn is_thinking(&self) -> bool {
        self.thinking.is_some()
    }

    fn ask(&mut self, question: Question) {
        if !self.game.won() {
            self.help += 1;
        }
        self.hinted = None;
        self.thinking = Some((Search::new(&self.game, GAME_BUDGET), question));
        self.think();
    }

    /// Runs the solver a tick's worth; says its answer once it has one.
    fn think(&mut self) {
        let Some((search, question)) = &mut self.thinking else {
            return;
        };
        let question = *question;
        let Some(solution) = search.run(NODES_PER_TICK) else {
            self.message = Some(format!("Thinking: {} positions looked at…", search.nodes()));
            self.update_ticks();
            return;
        };
        self.thinking = None;
        match question {
            Question::Hint => self.say_hint(&solution),
            Question::Winnable => self.say_winnable(&solution),
        }
        self.sync();
        self.update_ticks();
    }

    fn say_hint(&mut self, solution: &Solution) {
        self.hinted = solution.first_move();
        let text = match (&solution.verdict, self.hinted) {
            (_, Some(mv)) => format!("Hint: {}; this keeps a win.", self.describe(mv)),
            (Verdict::Unwinnable, _) => {
                "Hint: no move wins from here; undo, or start a new game.".into()
            }
            _ => match super::solver::likeliest_move(&self.game) {
                Some(mv) => {
                    self.hinted = Some(mv);
                    format!(
                        "Hint: {} (no win proven within {} positions).",
                        self.describe(mv),
                        solution.nodes
                    )
                }
                None => "Hint: no move is left; undo, or start a new game.".into(),
            },
        };
        self.message = Some(text);
    }

    fn say_winnable(&mut self, solution: &Solution) {
        self.message = Some(match &solution.verdict {
            Verdict::Winnable(path) => format!(
                "This deal can be won from here: a win of {} was found.",
                plural(path.len(), "move")
            ),
            Verdict::Unwinnable => {
                "This deal cannot be won from here: no sequence of moves wins.".into()
            }
            Verdict::Undecided => format!(
                "Undecided: {} positions looked at without settling it.",
                solution.nodes
            ),
        });
    }

    /// Ticks while cards slide or the solver thinks.
    /// Ticks while cards slide or the solver thinks (a node budget a
    /// tick).
    fn update_ticks(&mut self) {
        let thinking = self.thinking.is_some();
        self.view.want_ticks(thinking.then_some(THINK_TICK));
    }

    fn status_text(&self) -> String {
        let g = &self.game;
        if g.won() {
            return format!(
                "All 52 cards are home in {}. You win!",
                plural(g.moves as usize, "move")
            );
        }
        let mut s = String::new();
        if let Some(m) = &self.message {
            s.push_str(m);
            s.push(' ');
        }
        s.push_str(&format!("{} of 52 cards home", g.home()));
        if let Some(stock) = g.of(Role::Stock).next() {
            s.push_str(&format!(", {} in the stock", g.piles[stock].cards.len()));
            match g.redeals_left() {
                Some(n) => s.push_str(&format!(", {} left", plural(n as usize, "redeal"))),
                None => s.push_str(", redeals unlimited"),
            }
        }
        s.push_str(&format!(", {}.", plural(g.moves as usize, "move")));
        self.view.with_hand(s)
    }

    fn saved(&self) -> Saved {
        Saved {
            game: self.game.clone(),
            options: options_text::<V>(&self.chosen),
            seed: self.deal,
            help: self.help,
        }
    }

    /// The options kept in `settings` (the defaults where none is).
    fn kept_options(settings: &SettingsFile) -> Vec<usize> {
        V::choices()
            .iter()
            .map(|c| {
                settings
                    .get(c.id)
                    .and_then(|v| c.options.iter().position(|o| *o == v))
                    .unwrap_or(c.default)
            })
            .collect()
    }
}

impl<V: Variant> Game for PatienceGame<V> {
    crate::table_window!(V::NAME, lay_out, regions);

    fn new(host: Host) -> Result<Self, GameError> {
        host.request_input(game_api::InputKinds::ALL);
        let chosen = Self::kept_options(&SettingsFile::load_from(&host));
        // Any deal: the launcher deals the first game from a seed of its
        // own with `new_game`, as every later one.
        Ok(Self::with_options(host, &chosen, V::deal_number(0)))
    }

    fn draw(&self, painter: &mut dyn Painter) {
        self.view.draw(painter);
        self.view.draw_win(painter, self.game.won(), (0.5, 0.6));
    }

    fn handle_event(&mut self, event: &Event) -> Response {
        if let Event::Tick { dt } = event {
            self.view.tick(*dt);
            self.think();
            self.update_ticks();
            return Response::REDRAW;
        }
        if let Event::KeyPress { key, .. } = event
            && key == "Escape"
            && self.view.hand.held.is_none()
            && (self.hinted.is_some() || self.message.is_some() || self.selected.is_some())
        {
            self.hinted = None;
            self.thinking = None;
            self.selected = None;
            self.message = None;
            self.sync();
            return Response::REDRAW;
        }
        let (play, changed) = self.view.point(&PatienceRulesOnTable(&self.game), event);
        let played = play.is_some_and(|(p, drag)| self.play(p, drag));
        Response::redraw_if(changed || played)
    }

    /// The variant's choices, Hint (`?`), Winnable? (W) and Home (H).
    fn actions(&self) -> Vec<Action> {
        let mut actions: Vec<Action> = V::choices()
            .iter()
            .zip(&self.next)
            .map(|(c, &i)| {
                Action::choice(c.id, c.label, c.options.iter().copied(), c.options[i])
                    .with_shortcut(c.shortcut)
            })
            .collect();
        let playing = !self.game.won();
        actions.push(
            Action::button(HINT_ACTION, "Hint")
                .with_shortcut(game_api::keys::QUESTION_MARK)
                .enabled(playing),
        );
        actions.push(
            Action::button(WINNABLE_ACTION, "Winnable?")
                .with_shortcut("w")
                .enabled(playing),
        );
        let any_home = (0..self.game.piles.len()).any(|p| self.game.home_for(p).is_some());
        actions.push(
            Action::button(HOME_ACTION, "Home")
                .with_shortcut("h")
                .enabled(any_home),
        );
        actions
    }

    fn invoke_action(&mut self, id: &str, value: &str) -> Result<Response, GameError> {
        match id {
            HINT_ACTION => self.show_hint(),
            WINNABLE_ACTION => self.show_winnable(),
            HOME_ACTION => {
                self.all_home();
            }
            _ => {
                let choices = V::choices();
                let (which, choice) = choices
                    .iter()
                    .enumerate()
                    .find(|(_, c)| c.id == id)
                    .ok_or_else(|| GameError(format!("{} has no action {id:?}", V::NAME)))?;
                let option = choice
                    .options
                    .iter()
                    .position(|o| o.eq_ignore_ascii_case(value.trim()))
                    .ok_or_else(|| {
                        GameError(format!("{value:?} is not a {} choice", choice.label))
                    })?;
                self.next[which] = option;
                SettingsFile::update_for(&self.view.host, |file| {
                    file.set(choice.id, choice.options[option])
                });
                if self.view.host.has_revision_2() {
                    self.view.host.request_new_game();
                } else {
                    // A launcher without `request_new_game`: the next
                    // deal, from this one.
                    let seed = Rng::new(self.deal).next_u64();
                    self.new_deal(self.next.clone(), V::deal_number(seed));
                }
            }
        }
        Ok(Response::REDRAW)
    }
}

impl<V: Variant> NewGame for PatienceGame<V> {
    fn new_game(&mut self, seed: u64) {
        self.new_deal(self.next.clone(), V::deal_number(seed));
    }

    /// The options and the deal number, `3,unlimited:1234`; the deal
    /// number alone for a variant without choices.
    fn game_id(&self) -> String {
        match options_text::<V>(&self.chosen) {
            options if options.is_empty() => self.deal.to_string(),
            options => format!("{options}:{}", self.deal),
        }
    }

    /// Reads `options:deal`, or a bare deal number played with the options
    /// chosen now.
    fn start_from_game_id(&mut self, id: &str) -> Result<(), GameError> {
        let (chosen, deal) = match id.trim().rsplit_once(':') {
            Some((options, deal)) => (read_options::<V>(options).map_err(GameError)?, deal),
            None => (self.next.clone(), id.trim()),
        };
        let deal = deal
            .trim()
            .parse()
            .map_err(|_| GameError(format!("\"{}\" is not a deal number", deal.trim())))?;
        self.new_deal(chosen, deal);
        Ok(())
    }
}

impl<V: Variant> Outcomes for PatienceGame<V> {
    /// Won with the moves made as the score (fewest is best), helped after
    /// a hint or a question; never lost (undo is always there).
    fn outcome(&self) -> Outcome {
        if self.game.won() {
            Outcome::won()
                .with_score(i64::from(self.game.moves))
                .with_assistance(self.help > 0)
        } else {
            Outcome::PLAYING
        }
    }

    fn score_kind(&self) -> ScoreKind {
        ScoreKind::fewest("moves")
    }
}

impl<V: Variant> SaveLoad for PatienceGame<V> {
    /// The text of [`super::save`].
    fn save(&self) -> Vec<u8> {
        save::write(V::SAVE_WORD, &self.saved()).into_bytes()
    }

    fn load(&mut self, bytes: &[u8]) -> Result<(), GameError> {
        let saved = read_save::<V>(bytes).map_err(GameError)?;
        let chosen = read_options::<V>(&saved.options).map_err(GameError)?;
        let description = V::describe(&chosen);
        self.set(saved.game, chosen, saved.seed, saved.help, &description);
        Ok(())
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::patience::KLONDIKE_RULES;
    use game_api::Point;

    /// Klondike in a few lines, with a Draw choice.
    struct Seven;
    impl Variant for Seven {
        const NAME: &'static str = "Seven";
        const SAVE_WORD: &'static str = "seven";
        fn choices() -> Vec<Choice> {
            vec![Choice {
                id: "draw",
                label: "Draw",
                shortcut: "d",
                options: &["1", "3"],
                default: 0,
            }]
        }
        fn describe(chosen: &[usize]) -> Description {
            let mut piles = vec![(Role::Stock, (0.0, 0.0)), (Role::Waste, (1.0, 0.0))];
            piles.extend((3..7).map(|c| (Role::Foundation, (c as f32, 0.0))));
            piles.extend((0..7).map(|c| (Role::Tableau, (c as f32, 1.1))));
            let draw = [1, 3][chosen[0]];
            Description {
                grid: (7.0, 4.5),
                piles,
                rules: PatienceRules {
                    draw,
                    ..KLONDIKE_RULES
                },
            }
        }
        fn deal(deal: u64, _: &[usize], game: &mut Patience) {
            let cards = crate::deal::shuffled_deck(deal);
            game.deal_rows(&cards, &[1, 2, 3, 4, 5, 6, 7], false);
        }
    }

    /// A deal the solver wins only after several ticks' worth of nodes.
    fn slow_deal() -> (PatienceGame<Seven>, Solution) {
        (1..40)
            .find_map(|deal| {
                let game = PatienceGame::<Seven>::with_seed(Host::detached(), deal);
                // A win found within a smaller budget is the same win:
                // the search's order does not depend on its budget.
                let solution = solve(&game.game, 20_000);
                let slow = solution.nodes > 3 * NODES_PER_TICK;
                (slow && matches!(solution.verdict, Verdict::Winnable(_)))
                    .then_some((game, solution))
            })
            .expect("a deal won after some thought")
    }

    #[test]
    fn the_solver_thinks_on_ticks_and_answers_as_solve_does() {
        let (mut game, solution) = slow_deal();
        game.show_winnable();
        assert!(game.is_thinking());
        let thinking = format!("Thinking: {} positions looked at… ", 1 + NODES_PER_TICK);
        assert!(
            game.status_text().starts_with(&thinking),
            "{}",
            game.status_text()
        );
        let mut ticks = 0;
        while game.is_thinking() {
            assert_eq!(
                game.handle_event(&Event::Tick { dt: 0.016 }),
                Response::REDRAW
            );
            ticks += 1;
            assert!(ticks < 100, "thinking for ever");
        }
        let Verdict::Winnable(path) = &solution.verdict else {
            unreachable!()
        };
        assert_eq!(ticks, (solution.nodes - 1) / NODES_PER_TICK, "{solution:?}");
        assert!(
            game.status_text().starts_with(&format!(
                "This deal can be won from here: a win of {} moves was found.",
                path.len()
            )),
            "{}",
            game.status_text()
        );
        assert_eq!(game.help, 1);
    }

    #[test]
    fn a_move_or_escape_stops_the_thinking() {
        let (mut game, solution) = slow_deal();
        game.show_hint();
        assert!(game.is_thinking());
        assert!(game.play_move(Move::Draw));
        assert!(!game.is_thinking(), "the position it thought about is gone");
        game.show_hint();
        assert!(game.is_thinking());
        game.handle_event(&Event::key("Escape"));
        assert!(!game.is_thinking());
        assert!(!game.status_text().starts_with("Thinking"));
        assert_eq!(game.help, 2, "each question counts");
        assert!(solution.nodes > 0);
    }

    #[test]
    fn a_click_selects_cards_and_the_next_click_puts_them_down() {
        // A deal with a legal move between columns.
        let (mut game, mv) = (1..40)
            .find_map(|deal| {
                let game = PatienceGame::<Seven>::with_seed(Host::detached(), deal);
                let mv = game.game.legal_moves().into_iter().find(|m| {
                    matches!(m, Move::Cards { from, to, .. }
                        if game.game.piles[*from].role == Role::Tableau
                            && game.game.piles[*to].role == Role::Tableau)
                })?;
                Some((game, mv))
            })
            .expect("a column move in one of forty deals");
        let Move::Cards { from, count, to } = mv else {
            unreachable!()
        };
        let index = game.game.piles[from].cards.len() - count;
        let centre = |g: &PatienceGame<Seven>, pile: usize, i: usize| {
            let at = g.view.table.card_pos(pile, i);
            Point::new(at.x + 4.0, at.y + 4.0)
        };
        let click = |g: &mut PatienceGame<Seven>, at: Point| {
            g.handle_event(&Event::press(at));
            g.handle_event(&Event::release(at));
        };
        let at = centre(&game, from, index);
        click(&mut game, at);
        assert_eq!(game.selected, Some((from, index)));
        assert!(game.view.table.piles[from].cards[index].selected);
        assert!(
            game.status_text().starts_with("Selected the "),
            "{}",
            game.status_text()
        );
        // A second click on it lets it go; a third picks it again.
        click(&mut game, at);
        assert_eq!(game.selected, None);
        click(&mut game, at);
        let top = game.game.piles[to].cards.len() - 1;
        let target = centre(&game, to, top);
        click(&mut game, target);
        assert_eq!(game.selected, None);
        assert_eq!(game.game.moves, 1);
        assert_eq!(game.game.piles[to].cards.len(), top + 1 + count);
        // Escape lets a selection go.
        let at = centre(&game, to, game.game.piles[to].cards.len() - 1);
        click(&mut game, at);
        assert!(game.selected.is_some());
        game.handle_event(&Event::key("Escape"));
        assert_eq!(game.selected, None);
    }

    #[test]
    fn a_choice_deals_the_next_game_and_names_it_in_the_game_id() {
        let mut game = PatienceGame::<Seven>::with_seed(Host::detached(), 5);
        assert_eq!(game.game_id(), "1:5");
        let draw = game.actions().into_iter().find(|a| a.id == "draw").unwrap();
        assert_eq!(draw.shortcut.as_deref(), Some("d"));
        game.invoke_action("draw", "3").unwrap();
        assert!(game.game_id().starts_with("3:"), "{}", game.game_id());
        assert_eq!(game.patience().rules.draw, 3);
        assert!(game.invoke_action("draw", "2").is_err());
        assert!(game.start_from_game_id("2:5").is_err());
        game.start_from_game_id("1:5").unwrap();
        assert_eq!(game.patience().rules.draw, 1);
        assert_eq!(
            pile_names(&[Role::FreeCell, Role::Tableau, Role::FreeCell]),
            ["free cell 1", "column 1", "free cell 2"]
        );
    }
}
