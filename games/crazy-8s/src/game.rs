//! [`Crazy8sGame`], the [`Game`] the launcher runs: the rules of
//! [`crate::rules`] on a [`cards::Table`] laid out to the window as the
//! original lays it out — the opponents' hands across the top, the deck
//! and the discard pile in the middle, your hand at the bottom. You play
//! by clicking (a card of your hand to discard it, the deck to draw) or,
//! with the Play by option, by dragging (a card onto the discard pile, the
//! deck's top card to your hand). After an 8 a panel of suit buttons
//! appears beside the discard pile; when the deck is empty a Pass button
//! takes its place. The opponents play one after the other on the
//! launcher's ticks, so the window never waits for them, and the status
//! line says whose turn it is.

use cards::view::{View, WAIT_TICK};
use cards::{Fan, Hit, Pile, Play, Rules, Suit, Table, TableCard};
use game_api::settings::{Options as _, SettingsFile};
use game_api::{
    Action as ToolAction, Anchor, Event, Game, GameError, Host, NewGame, Outcome, Outcomes,
    Painter, Point, Response, Rgba, SaveLoad, Style, TextStyle, UndoRule,
};

use crate::rules::{Action, Crazy8s, Ending, Options, Turn};
use crate::save::{game_id, parse_game_id};
use crate::settings::Settings;

/// The deck's pile.
pub const DECK: usize = 0;
/// The discard pile.
pub const DISCARD: usize = 1;
/// Your hand.
pub const YOU: usize = 2;
/// The first opponent's hand; the others follow.
pub const OPPONENT: usize = 3;

/// The Players choice's id.
pub const PLAYERS_ACTION: &str = "players";
/// The Play by choice's id.
pub const MODE_ACTION: &str = "mode";
/// The Draw button's id.
pub const DRAW_ACTION: &str = "draw";
/// The Pass button's id (toolbar and table).
pub const PASS: &str = "pass";
/// The New Game button's id on the table at the end.
pub const NEW_GAME: &str = "new-game";

/// How long an opponent's turn shows before the next, in seconds of
/// ticks (seconds, not a count of ticks: one tick of a second and a half
/// plays two turns).
pub const OPPONENT_SECONDS: f32 = 0.6;

const COLS: f32 = 8.0;
const ROWS: f32 = 3.85;
const MIDDLE_ROW: f32 = 1.4;
const YOUR_ROW: f32 = 2.75;

/// The button id of a suit: "suit-H".
pub fn suit_button(s: Suit) -> String {
    format!("suit-{}", s.letter())
}

/// The suit panel's order, the original's: hearts, spades, clubs, diamonds.
pub const PANEL: [Suit; 4] = [Suit::Hearts, Suit::Spades, Suit::Clubs, Suit::Diamonds];

/// What may be dragged where: in drag mode, on your turn, a card of your
/// hand onto the discard pile (if it may go there), and the deck's top
/// card to your hand.
struct DragRules<'a> {
    game: &'a Crazy8s,
    drag: bool,
}

impl Rules for DragRules<'_> {
    fn movable(&self, t: &Table, pile: usize, index: usize) -> bool {
        self.drag
            && self.game.turn == Turn::You
            && (pile == YOU || pile == DECK && index + 1 == t.piles[DECK].cards.len())
    }
    fn accepts(&self, t: &Table, from: usize, index: usize, to: usize) -> bool {
        match (from, to) {
            (YOU, DISCARD) => self.game.playable(t.piles[YOU].cards[index].card),
            (DECK, YOU) => true,
            _ => false,
        }
    }
}

/// The game in its window.
pub struct Crazy8sGame {
    view: View,
    game: Crazy8s,
    settings: Settings,
    /// Seconds the current opponent's turn has waited.
    waited: f32,
    message: Option<String>,
    /// What undoing the last move would mean, for the launcher's midend
    /// (revision 6): not saved, set as each move is made.
    undo: UndoRule,
}

fn opponent_name(game: &Crazy8s, n: usize) -> String {
    if game.options.opponents == 1 {
        "Opponent".into()
    } else {
        format!("Opponent {n}")
    }
}

impl Crazy8sGame {
    /// A game dealt from `seed` with `settings`, with `host`.
    pub fn with_seed(host: Host, settings: Settings, seed: u64) -> Crazy8sGame {
        let mut table = Table::new(COLS, ROWS);
        table.card_widths = (24.0, 130.0);
        let mut g = Crazy8sGame {
            view: View::new(host, table),
            game: Crazy8s::deal(settings.options, seed),
            settings,
            waited: 0.0,
            message: None,
            undo: UndoRule::Free,
        };
        g.restart_view();
        g
    }

    /// The rules' state.
    pub fn game(&self) -> &Crazy8s {
        &self.game
    }

    /// The table as drawn.
    pub fn table(&self) -> &Table {
        &self.view.table
    }

    fn restart_view(&mut self) {
        self.view.reset();
        self.message = None;
        self.waited = 0.0;
        self.sync();
        self.update_ticks();
    }

    fn new_deal(&mut self, options: Options, seed: u64) {
        self.game = Crazy8s::deal(options, seed);
        self.settings.options = options;
        self.restart_view();
    }

    /// Puts the game on the table.
    fn sync(&mut self) {
        let g = &self.game;
        let n = g.options.opponents;
        let mut piles = Vec::new();
        let mut deck = Pile::new("deck", (COLS / 2.0 - 1.1, MIDDLE_ROW), Fan::Stacked);
        deck.cards = g.deck.iter().rev().map(|&c| TableCard::down(c)).collect();
        piles.push(deck);
        let mut discard = Pile::new(
            "discard pile",
            (COLS / 2.0 + 0.05, MIDDLE_ROW),
            Fan::Stacked,
        );
        discard.cards = g.discards.iter().map(|&c| TableCard::up(c)).collect();
        piles.push(discard);
        // Spread over the table's width (closing up only when it must), so
        // that every card of your hand shows whole at the usual sizes.
        let mut you = Pile::new("your hand", (0.1, YOUR_ROW), Fan::Spread);
        you.reach = None;
        you.cards = g.hands[0]
            .iter()
            .map(|&c| {
                let mut t = TableCard::up(c);
                t.dimmed = g.turn == Turn::You && !g.playable(c);
                t
            })
            .collect();
        you.highlighted = matches!(g.turn, Turn::You | Turn::PickSuit);
        piles.push(you);
        let width = COLS / n as f32;
        for k in 1..=n {
            let name = if n == 1 {
                "opponent's hand".to_string()
            } else {
                format!("opponent {k}'s hand")
            };
            let mut p = Pile::new(name, ((k - 1) as f32 * width + 0.1, 0.2), Fan::Right);
            p.reach = Some((width - 1.25).max(0.3));
            let over = g.is_over();
            p.cards = g.hands[k]
                .iter()
                .map(|&c| {
                    if over {
                        TableCard::up(c)
                    } else {
                        TableCard::down(c)
                    }
                })
                .collect();
            p.highlighted = g.turn == Turn::Opponent(k);
            piles.push(p);
        }
        self.view.table.piles = piles;
        self.view.table.buttons.clear();
        if g.turn == Turn::PickSuit {
            for (i, s) in PANEL.into_iter().enumerate() {
                let name = format!("{}{}", s.name()[..1].to_uppercase(), &s.name()[1..]);
                self.view.table.add_button(
                    &suit_button(s),
                    &name,
                    (COLS / 2.0 + 1.25, MIDDLE_ROW + i as f32 * 0.25),
                    (1.2, 0.2),
                );
            }
        }
        if g.turn == Turn::You && g.deck.is_empty() {
            self.view.table.add_button(
                PASS,
                "Pass",
                (COLS / 2.0 - 1.1, MIDDLE_ROW + 0.4),
                (1.0, 0.2),
            );
        }
        if g.is_over() {
            self.view.table.add_button(
                NEW_GAME,
                "New Game",
                (COLS / 2.0 + 1.25, MIDDLE_ROW + 0.4),
                (1.2, 0.2),
            );
        }
        if let Some(cards::drag::Focus::Button(b)) = self.view.hand.focus
            && b >= self.view.table.buttons.len()
        {
            self.view.hand.focus =
                (!self.view.table.buttons.is_empty()).then_some(cards::drag::Focus::Button(0));
        }
    }

    /// Ticks while an opponent waits out its turn (no card slides):
    /// slowly, since nothing on screen changes; the turn is played at most
    /// a tick late.
    fn update_ticks(&mut self) {
        let waiting = matches!(self.game.turn, Turn::Opponent(_));
        self.view.want_ticks(waiting.then_some(WAIT_TICK));
    }

    /// Takes `a` as the player (or an opponent) does, the cards sliding;
    /// whether it was legal (a refusal is said in the status line).
    pub fn act(&mut self, a: Action) -> bool {
        let before = self.view.snapshot(None);
        match self.game.play(a) {
            Ok(()) => {
                // A drawn card and an opponent's turn show what was
                // hidden; a card discarded, a suit chosen or a pass do not.
                self.undo = match a {
                    Action::Draw | Action::Opponent => UndoRule::Barrier,
                    Action::Discard(_) | Action::ChooseSuit(_) | Action::Pass => UndoRule::Free,
                };
                self.message = None;
                self.waited = 0.0;
                self.sync();
                self.view.slide_from(&before);
                self.update_ticks();
                true
            }
            Err(why) => {
                self.message = Some(format!("Refused: {why}."));
                false
            }
        }
    }

    /// Plays every opponent's turn now, up to yours or the end (tests and
    /// tools; the window plays them on ticks).
    pub fn finish_opponents(&mut self) {
        while let Turn::Opponent(_) = self.game.turn {
            self.act(Action::Opponent);
        }
    }

    fn play(&mut self, play: Play) -> bool {
        match play {
            Play::Move {
                from: YOU,
                index,
                to: DISCARD,
            } => {
                let c = self.view.table.piles[YOU].cards[index].card;
                self.act(Action::Discard(c))
            }
            Play::Move {
                from: DECK,
                to: YOU,
                ..
            } => self.act(Action::Draw),
            Play::Refused {
                from: YOU,
                index,
                to: Some(DISCARD),
            } => {
                let c = self.view.table.piles[YOU].cards[index].card;
                if let Err(why) = self.game.check(Action::Discard(c)) {
                    self.message = Some(format!("Refused: {why}."));
                }
                true
            }
            Play::Click(Hit::Button(id)) => self.button(&id),
            Play::Click(_) if self.settings.drag => {
                self.message = Some("Drag a card to play it (or choose Play by: Click).".into());
                true
            }
            Play::Click(Hit::Card { pile: YOU, index }) => {
                let c = self.view.table.piles[YOU].cards[index].card;
                self.act(Action::Discard(c));
                true
            }
            Play::Click(Hit::Card { pile: DECK, .. }) => {
                self.act(Action::Draw);
                true
            }
            _ => false,
        }
    }

    fn button(&mut self, id: &str) -> bool {
        if id == PASS {
            self.act(Action::Pass);
            return true;
        }
        if id == NEW_GAME {
            self.request_new_game();
            return true;
        }
        if let Some(s) = PANEL.into_iter().find(|&s| suit_button(s) == id) {
            return self.act(Action::ChooseSuit(s));
        }
        false
    }

    fn request_new_game(&mut self) {
        let (host, options) = (self.view.host, self.settings.options);
        host.new_game_or(|seed| self.new_deal(options, seed));
    }

    fn keep_settings(&self) {
        SettingsFile::update_for(&self.view.host, |file| self.settings.write(file));
    }

    fn status_text(&self) -> String {
        let g = &self.game;
        let mut s = String::new();
        if let Some(m) = &self.message {
            s.push_str(m);
            s.push(' ');
        }
        match g.turn {
            Turn::You => {
                let or_else = if g.deck.is_empty() { "pass" } else { "draw" };
                s.push_str(&format!(
                    "Your turn - discard {}, or else {or_else}.",
                    g.wanted()
                ));
                s.push_str(if self.settings.drag {
                    " Drag a card to the discard pile, or the deck's top card to your hand."
                } else {
                    " Click a card to discard it, or the deck to draw."
                });
            }
            Turn::PickSuit => s.push_str("Pick a suit for your 8."),
            Turn::Opponent(n) => s.push_str(&format!("{}'s turn...", opponent_name(g, n))),
            Turn::Over(Ending::YouWin) => s.push_str("Game over - you win!"),
            Turn::Over(Ending::Stuck) => s.push_str("Game over - no one wins."),
            Turn::Over(Ending::OpponentWins(n)) => s.push_str(&format!(
                "Game over - {} wins.",
                opponent_name(g, n).to_lowercase()
            )),
        }
        if !g.is_over() {
            s.push_str(&format!(
                " {} in the deck.",
                match g.deck.len() {
                    1 => "1 card".to_string(),
                    n => format!("{n} cards"),
                }
            ));
        }
        self.view.with_hand(s)
    }

    fn draw_names(&self, painter: &mut dyn Painter) {
        let l = self.view.table.layout();
        let size = l.card_width * 0.16;
        let ink = Rgba::rgb(250, 245, 210);
        let g = &self.game;
        // Each hand's name just above it.
        let mut name = |pile: usize, label: &str| {
            let at = l.place(self.view.table.piles[pile].at);
            let at = Point::new(at.x, at.y - l.gap * 0.3);
            painter.styled_text(at, Anchor::BottomLeft, size, ink, TextStyle::BOLD, label);
        };
        for k in 1..=g.options.opponents {
            let n = g.hands[k].len();
            let label = format!(
                "{}: {n} card{}",
                opponent_name(g, k),
                if n == 1 { "" } else { "s" }
            );
            name(OPPONENT + k - 1, &label);
        }
        name(YOU, "You");
        if crate::rules::is_eight(g.top()) && !g.is_over() {
            self.draw_suit_called(painter, size, ink);
        }
    }

    /// The suit called with the 8 on the discard pile, under it: the suit's
    /// pip on a white disc, then its name. The pip is drawn, not written:
    /// egui's fonts have no suit symbols.
    fn draw_suit_called(&self, painter: &mut dyn Painter, size: f32, ink: Rgba) {
        let l = self.view.table.layout();
        let suit = self.game.suit;
        let name = suit.name();
        let text = painter.styled_text_size(size, TextStyle::BOLD, name);
        let disc = size * 1.3;
        let space = size * 0.3;
        let at = l.place(self.view.table.piles[DISCARD].at);
        let top = at.y + l.card().y + l.gap * 0.3;
        let left = at.x + (l.card_width - (disc + space + text.x)) / 2.0;
        let middle = Point::new(left + disc / 2.0, top + disc / 2.0);
        painter.circle(middle, disc / 2.0, Style::solid(Rgba::rgb(250, 250, 245)));
        let colour = self.view.table.deck.suit_colour(suit);
        cards::face::draw_pip(painter, suit, middle, size * 0.85, false, colour);
        painter.styled_text(
            Point::new(left + disc + space, middle.y),
            Anchor::Left,
            size,
            ink,
            TextStyle::BOLD,
            name,
        );
    }
}

impl Game for Crazy8sGame {
    cards::table_window!("Crazy 8s", lay_out, regions);

    fn new(host: Host) -> Result<Self, GameError> {
        let settings = Settings::load(host.data_dir().as_deref());
        Ok(Crazy8sGame::with_seed(
            host,
            settings,
            game_api::rng::fresh_seed(),
        ))
    }

    fn draw(&self, painter: &mut dyn Painter) {
        self.view.draw(painter);
        self.draw_names(painter);
    }

    fn handle_event(&mut self, event: &Event) -> Response {
        if let Event::Tick { dt } = event {
            let mut changed = self.view.tick(*dt);
            if let Turn::Opponent(_) = self.game.turn {
                self.waited += dt.max(0.0);
                // Every opponent whose seconds have passed plays, the rest
                // carried on: a busy machine's fewer, longer ticks play as
                // many turns as their seconds allow, not one a tick.
                while matches!(self.game.turn, Turn::Opponent(_)) && self.waited >= OPPONENT_SECONDS
                {
                    let left = self.waited - OPPONENT_SECONDS;
                    if !self.act(Action::Opponent) {
                        break;
                    }
                    self.waited = left;
                    changed = true;
                }
            }
            self.update_ticks();
            // Only waiting changes nothing on screen: no frame for it.
            return Response::redraw_if(changed);
        }
        let rules = DragRules {
            game: &self.game,
            drag: self.settings.drag,
        };
        let (play, changed) = self.view.hand.handle(&self.view.table, &rules, event);
        if let Event::PointerMove { pos } = event {
            let rules = DragRules {
                game: &self.game,
                drag: self.settings.drag,
            };
            let mut cursor = self.view.hand.cursor(&self.view.table, &rules, *pos);
            if !self.settings.drag
                && self.game.turn == Turn::You
                && matches!(
                    self.view.table.hit(*pos),
                    Hit::Card {
                        pile: YOU | DECK,
                        ..
                    }
                )
            {
                cursor = game_api::Cursor::PointingHand;
            }
            if matches!(self.view.table.hit(*pos), Hit::Button(_)) {
                cursor = game_api::Cursor::PointingHand;
            }
            self.view.host.set_cursor(cursor);
        }
        let played = play.is_some_and(|p| self.play(p));
        Response::redraw_if(changed || played)
    }

    /// The Players choice (a new game), Play by (click or drag), Draw (`d`)
    /// and Pass (`p`).
    fn actions(&self) -> Vec<ToolAction> {
        let g = &self.game;
        vec![
            ToolAction::choice(
                PLAYERS_ACTION,
                "Players",
                Options::ALL.map(|o| o.label()),
                self.settings.options.label(),
            ),
            ToolAction::choice(
                MODE_ACTION,
                "Play by",
                ["Click", "Drag"],
                if self.settings.drag { "Drag" } else { "Click" },
            ),
            ToolAction::button(DRAW_ACTION, "Draw")
                .with_shortcut("d")
                .enabled(g.check(Action::Draw).is_ok()),
            ToolAction::button(PASS, "Pass")
                .with_shortcut("p")
                .enabled(g.check(Action::Pass).is_ok()),
        ]
    }

    fn invoke_action(&mut self, id: &str, value: &str) -> Result<Response, GameError> {
        match id {
            PLAYERS_ACTION => {
                let options = Options::from_label(value)
                    .ok_or_else(|| GameError(format!("{value:?} is not a choice of players")))?;
                self.settings.options = options;
                self.keep_settings();
                self.request_new_game();
            }
            MODE_ACTION => {
                self.settings.drag = match value {
                    "Drag" => true,
                    "Click" => false,
                    other => return Err(GameError(format!("{other:?} is not Click or Drag"))),
                };
                self.keep_settings();
                self.view.hand.reset();
            }
            DRAW_ACTION | PASS => {
                let a = if id == PASS {
                    Action::Pass
                } else {
                    Action::Draw
                };
                if !self.act(a) {
                    return Err(GameError(self.message.take().unwrap_or_default()));
                }
            }
            other => return Err(GameError(format!("Crazy 8s has no action {other:?}"))),
        }
        Ok(Response::REDRAW)
    }
}

impl NewGame for Crazy8sGame {
    fn new_game(&mut self, seed: u64) {
        self.new_deal(self.settings.options, seed);
    }

    fn game_id(&self) -> String {
        game_id(self.game.options, self.game.seed)
    }

    fn start_from_game_id(&mut self, id: &str) -> Result<(), GameError> {
        let (options, seed) = parse_game_id(id, self.settings.options).map_err(GameError)?;
        self.new_deal(options, seed);
        Ok(())
    }
}

impl Outcomes for Crazy8sGame {
    /// Won when your hand is empty; lost when an opponent's is, or when the
    /// game is stuck (no one wins). The original keeps no score.
    fn outcome(&self) -> Outcome {
        let outcome = match self.game.turn {
            Turn::Over(Ending::YouWin) => Outcome::won(),
            Turn::Over(_) => Outcome::lost(),
            _ => Outcome::PLAYING,
        };
        outcome.with_undo(self.undo)
    }
}

impl SaveLoad for Crazy8sGame {
    /// The text of [`crate::save`].
    fn save(&self) -> Vec<u8> {
        crate::save::write(&self.game)
    }

    fn load(&mut self, bytes: &[u8]) -> Result<(), GameError> {
        self.game = crate::save::read(bytes).map_err(GameError)?;
        self.restart_view();
        Ok(())
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn game(seed: u64) -> Crazy8sGame {
        let mut g = Crazy8sGame::with_seed(Host::detached(), Settings::default(), seed);
        g.lay_out_canvas(Point::new(764.0, 560.0));
        g
    }

    /// Issue 40: on a 764-pixel table your seven cards were a 200-pixel
    /// fan. They spread across the table, each whole; a long hand closes
    /// up within the table.
    #[test]
    fn your_hand_is_spread_across_the_table() {
        let mut g = game(3);
        let you = 2;
        assert_eq!(g.view.table.piles[you].name, "your hand");
        let (min, size) = g.view.table.pile_rect(you);
        let card = g.view.table.layout().card();
        let n = g.game.hands[0].len() as f32;
        assert!(
            size.x >= n * card.x,
            "{n} cards in {:.0} px, {:.0} px a card",
            size.x,
            card.x
        );
        // Twenty cards fill the row without leaving the table.
        while g.game.hands[0].len() < 20 {
            let c = g.game.deck.pop().unwrap();
            g.game.hands[0].push(c);
        }
        g.sync();
        let (min20, size20) = g.view.table.pile_rect(you);
        assert_eq!(min20, min);
        assert!(min20.x + size20.x <= 764.0, "{min20:?} {size20:?}");
        assert!(min20.x + size20.x >= 0.95 * 764.0, "{min20:?} {size20:?}");
    }

    #[test]
    fn a_drawn_card_and_an_opponents_turn_are_undo_barriers_a_discard_is_not() {
        let seed = (1..200)
            .find(|&s| {
                let g = game(s);
                g.game.turn == Turn::You && g.game.can_discard(0)
            })
            .expect("a deal you can open with a discard");
        let mut g = game(seed);
        let card = g.game.hands[0]
            .iter()
            .copied()
            .find(|&c| g.game.playable(c) && !crate::rules::is_eight(c))
            .or_else(|| {
                g.game.hands[0]
                    .iter()
                    .copied()
                    .find(|&c| g.game.playable(c))
            })
            .unwrap();
        assert!(g.act(Action::Discard(card)));
        assert_eq!(g.outcome().undo, UndoRule::Free, "nothing was hidden");
        if let Some(&suit) = Suit::ALL.first()
            && g.game.check(Action::ChooseSuit(suit)).is_ok()
        {
            assert!(g.act(Action::ChooseSuit(suit)));
        }
        assert!(g.act(Action::Opponent), "{:?}", g.game.turn);
        assert_eq!(g.outcome().undo, UndoRule::Barrier, "the opponent's turn");
        g.finish_opponents();
        if g.game.turn == Turn::You && g.game.check(Action::Draw).is_ok() {
            assert!(g.act(Action::Draw));
            assert_eq!(g.outcome().undo, UndoRule::Barrier, "the card drawn");
        }
    }

    /// After an 8 the suit called shows under the discard pile: its pip in
    /// the suit's colour on a white disc, then its name. No suit symbol is
    /// written as text (egui's fonts have none: players saw a box).
    #[test]
    fn the_suit_called_with_an_eight_shows_as_a_pip_and_its_name() {
        use game_api::{RecordingPainter, Shape};
        let mut g = game(5);
        let eight = cards::Card::new(cards::Rank::new(8).unwrap(), Suit::Spades);
        g.game.discards.push(eight);
        g.game.suit = Suit::Hearts;
        g.sync();
        let mut p = RecordingPainter::new();
        g.draw(&mut p);
        let (min, size) = g.view.table.pile_rect(DISCARD);
        let below = |y: f32| y > min.y + size.y;
        let red = g.view.table.deck.suit_colour(Suit::Hearts);
        let pip = p.shapes.iter().find_map(|s| match s {
            Shape::Polygon { points, style } if style.fill == Some(red) => {
                points.iter().all(|q| below(q.y)).then_some(points)
            }
            _ => None,
        });
        assert!(pip.is_some(), "no red pip under the discard pile");
        let disc = p.shapes.iter().any(|s| {
            matches!(s, Shape::Circle { center, style, .. }
                if below(center.y) && style.fill == Some(Rgba::rgb(250, 250, 245)))
        });
        assert!(disc, "no disc behind the pip");
        let texts: Vec<&str> = p
            .shapes
            .iter()
            .filter_map(|s| match s {
                Shape::StyledText { text, .. } | Shape::Text { text, .. } => Some(text.as_str()),
                _ => None,
            })
            .collect();
        assert!(texts.contains(&"hearts"), "{texts:?}");
        assert!(
            texts.iter().all(|t| !t.contains(['♠', '♥', '♦', '♣'])),
            "{texts:?}"
        );
        // Once the next card covers the 8, the called suit is gone.
        g.game
            .discards
            .push(cards::Card::new(cards::Rank::new(5).unwrap(), Suit::Hearts));
        g.sync();
        let mut p = RecordingPainter::new();
        g.draw(&mut p);
        assert!(!p.shapes.iter().any(|s| matches!(s,
            Shape::StyledText { text, .. } if text == "hearts")));
    }
}
