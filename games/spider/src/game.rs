//! [`SpiderGame`], the [`Game`] the launcher runs: the rules of
//! [`crate::rules`] on a [`cards::Table`] laid out to the window (a wider
//! window spreads the columns, it does not grow the cards; long columns
//! close up their fan to stay on the canvas), played by dragging a
//! sequence, by clicking it and then its new column, or with the keys;
//! dealt by clicking the deck. Cards slide on ticks, but the state changes
//! at once. New game, Restart, Undo, Redo and the Game ID are the
//! launcher's midend, built on [`SaveLoad`] and [`NewGame`].

use cards::anim::Snapshot;
use cards::view::{Drag, View};
use cards::{Card, Fan, Hit, Pile, Play, Rank, Rules, Table, TableCard};
use game_api::settings::{Options, SettingsFile};
use game_api::{
    Action, Event, Game, GameError, Host, NewGame, Outcome, Outcomes, Painter, Point, Response,
    SaveLoad, ScoreKind,
};

use crate::hint::hint;
use crate::rules::{COLUMNS, Move, RUNS, Spider, Suits};
use crate::save::{Saved, game_id, parse_game_id};

/// The deck (stock) pile's index in the table.
pub const STOCK: usize = 0;
/// The first of the eight foundations (finished suits).
pub const FOUNDATION: usize = 1;
/// The first of the ten tableau columns.
pub const COLUMN: usize = FOUNDATION + RUNS;

/// The Suits choice's id.
pub const SUITS_ACTION: &str = "suits";
/// The Hint button's id.
pub const HINT_ACTION: &str = "hint";
/// The Deal button's id.
pub const DEAL_ACTION: &str = "deal";

/// The grid's height in card rows: the top row and the tableau's room.
const ROWS: f32 = 5.0;
/// The tableau's row.
const TABLEAU_ROW: f32 = 1.1;

/// The game in its window.
pub struct SpiderGame {
    view: View,
    game: Spider,
    seed: u64,
    /// The suits the next game is dealt with (the option).
    next_suits: Suits,
    hints: u32,
    /// The sequence picked by a click: column and lowest card.
    selected: Option<(usize, usize)>,
    /// The hint shown now.
    hinted: Option<Move>,
    /// A word for the status line after a refused move or a hint.
    message: Option<String>,
}

/// The drag rules: a sequence moves, onto another column whose top is one
/// higher, or an empty one.
struct SpiderRules<'a>(&'a Spider);

impl Rules for SpiderRules<'_> {
    fn movable(&self, _: &Table, pile: usize, index: usize) -> bool {
        pile >= COLUMN && self.0.movable(pile - COLUMN, index)
    }
    fn accepts(&self, _: &Table, from: usize, index: usize, to: usize) -> bool {
        from >= COLUMN
            && to >= COLUMN
            && self
                .0
                .check(Move::Sequence {
                    from: from - COLUMN,
                    index,
                    to: to - COLUMN,
                })
                .is_ok()
    }
}

/// `before` reordered for the kit's animator: the cards that moved or
/// turned first, then those still where they were, face as they were.
/// With two decks the same card lies in several places, and the animator
/// matches a moved card to the first place its face was; an unmoved twin
/// listed first would be taken for it, and both would fly.
pub fn moved_first(before: &Snapshot, after: &Table) -> Snapshot {
    let mut still: Vec<bool> = vec![false; before.0.len()];
    for (pile, p) in after.piles.iter().enumerate() {
        for (index, c) in p.cards.iter().enumerate() {
            let at = after.card_pos(pile, index);
            if let Some(i) =
                (0..before.0.len()).find(|&i| !still[i] && before.0[i] == (c.card, at, c.face_up))
            {
                still[i] = true;
            }
        }
    }
    let (moved, kept): (Vec<_>, Vec<_>) = before.0.iter().zip(still).partition(|(_, s)| !s);
    Snapshot(moved.into_iter().chain(kept).map(|(e, _)| *e).collect())
}

fn plural(n: usize, one: &str, many: &str) -> String {
    format!("{n} {}", if n == 1 { one } else { many })
}

impl SpiderGame {
    /// A game of `suits` dealt from `seed`, with `host`.
    pub fn with_seed(host: Host, suits: Suits, seed: u64) -> SpiderGame {
        let mut game = SpiderGame {
            view: View::new(host, Self::empty_table()),
            game: Spider::deal(suits, seed),
            seed,
            next_suits: suits,
            hints: 0,
            selected: None,
            hinted: None,
            message: None,
        };
        game.lay_out(game.view.table.canvas_size());
        game.restart_view();
        game
    }

    /// The rules' state.
    pub fn spider(&self) -> &Spider {
        &self.game
    }

    /// The table as drawn.
    pub fn table(&self) -> &Table {
        &self.view.table
    }

    fn empty_table() -> Table {
        let mut t = Table::new(COLUMNS as f32, ROWS);
        t.card_widths = (24.0, 120.0);
        t.add_pile(Pile::new("deck", (0.0, 0.0), Fan::Stacked));
        for i in 0..RUNS {
            t.add_pile(Pile::new(
                format!("foundation {}", i + 1),
                ((2 + i) as f32, 0.0),
                Fan::Stacked,
            ));
        }
        for i in 0..COLUMNS {
            t.add_pile(Pile::new(
                format!("column {}", i + 1),
                (i as f32, TABLEAU_ROW),
                Fan::Down,
            ));
        }
        t
    }

    /// After a new deal or a load: nothing held, moving or said.
    fn restart_view(&mut self) {
        self.view.reset();
        self.selected = None;
        self.hinted = None;
        self.message = None;
        self.sync();
        self.update_ticks();
    }

    fn new_deal(&mut self, suits: Suits, seed: u64) {
        self.game = Spider::deal(suits, seed);
        self.seed = seed;
        self.next_suits = suits;
        self.hints = 0;
        self.restart_view();
    }

    /// Lays the table out to `size`: the card size the kit picks, then the
    /// ten columns spread evenly across the whole width.
    fn lay_out(&mut self, size: Point) {
        self.view.lay_out(size);
        let l = self.view.table.layout();
        let (w, gap) = (l.card_width, l.gap);
        let pitch = ((size.x - 2.0 * gap - w) / (COLUMNS - 1) as f32).clamp(w + gap, 2.0 * w);
        let left = ((size.x - (pitch * (COLUMNS - 1) as f32 + w)) / 2.0).max(0.0);
        let unit = |i: usize| (left + i as f32 * pitch - l.origin.x) / (w + gap);
        self.view.table.piles[STOCK].at.0 = unit(0);
        for f in 0..RUNS {
            self.view.table.piles[FOUNDATION + f].at.0 = unit(2 + f);
        }
        for c in 0..COLUMNS {
            self.view.table.piles[COLUMN + c].at.0 = unit(c);
        }
    }

    /// Puts the rules' state on the table.
    fn sync(&mut self) {
        let g = &self.game;
        self.view.table.piles[STOCK].cards = g.stock.iter().map(|&c| TableCard::down(c)).collect();
        for f in 0..RUNS {
            self.view.table.piles[FOUNDATION + f].cards = match g.done.get(f) {
                Some(&suit) => Rank::ALL
                    .into_iter()
                    .map(|r| TableCard::up(Card::new(r, suit)))
                    .collect(),
                None => Vec::new(),
            };
        }
        for (c, column) in g.columns.iter().enumerate() {
            let selected = self.selected.filter(|&(s, _)| s == c).map(|(_, i)| i);
            self.view.table.piles[COLUMN + c].cards = column
                .cards
                .iter()
                .enumerate()
                .map(|(i, &card)| {
                    let mut t = if column.is_up(i) {
                        TableCard::up(card)
                    } else {
                        TableCard::down(card)
                    };
                    t.selected = selected.is_some_and(|s| i >= s);
                    t
                })
                .collect();
        }
        for (p, pile) in self.view.table.piles.iter_mut().enumerate() {
            pile.highlighted = match self.hinted {
                Some(Move::Sequence { from, to, .. }) => p == COLUMN + from || p == COLUMN + to,
                Some(Move::Deal) => p == STOCK,
                None => false,
            };
        }
    }

    fn update_ticks(&mut self) {
        self.view.want_ticks(None);
    }

    /// Slides the cards that changed since `before`, twins matched by
    /// [`moved_first`].
    fn slide_from(&mut self, before: &Snapshot) {
        let before = moved_first(before, &self.view.table);
        self.view.slide_from(&before);
        self.update_ticks();
    }

    /// Makes `mv` with its slide from `before`; the refusal's reason kept
    /// for the status line. Whether anything changed.
    fn make(&mut self, mv: Move, before: Snapshot) -> bool {
        self.selected = None;
        self.hinted = None;
        match self.game.play(mv) {
            Ok(finished) => {
                self.message = match finished.len() {
                    0 => None,
                    _ => Some(format!("A suit of {} is finished.", finished[0].1.name())),
                };
                self.sync();
                self.slide_from(&before);
                true
            }
            Err(refusal) => {
                self.message = Some(format!("Refused: {refusal}."));
                self.sync();
                true
            }
        }
    }

    /// Carries out what the player did; `drag` is where the dragged cards
    /// were let go (pile, lowest index, corner), so they land from there.
    fn play(&mut self, play: Play, drag: Drag) -> bool {
        let before = self.view.snapshot(drag);
        match play {
            Play::Move { from, index, to } if from >= COLUMN && to >= COLUMN => self.make(
                Move::Sequence {
                    from: from - COLUMN,
                    index,
                    to: to - COLUMN,
                },
                before,
            ),
            Play::Refused { from, index, to } => {
                self.message = match to {
                    Some(to) if from >= COLUMN && to >= COLUMN => self
                        .game
                        .check(Move::Sequence {
                            from: from - COLUMN,
                            index,
                            to: to - COLUMN,
                        })
                        .err()
                        .map(|r| format!("Refused: {r}.")),
                    _ => None,
                };
                // The cards go back from where they were let go.
                self.slide_from(&before);
                true
            }
            Play::Click(Hit::Card { pile: STOCK, .. }) | Play::Click(Hit::Pile(STOCK)) => {
                self.make(Move::Deal, before)
            }
            Play::Click(Hit::Card { pile, index }) if pile >= COLUMN => {
                self.click_column(pile - COLUMN, Some(index), before)
            }
            Play::Click(Hit::Pile(pile)) if pile >= COLUMN => {
                self.click_column(pile - COLUMN, None, before)
            }
            Play::Click(_) => self.select(None),
            _ => false,
        }
    }

    fn select(&mut self, selected: Option<(usize, usize)>) -> bool {
        let changed = self.selected != selected || self.message.is_some();
        self.selected = selected;
        self.message = None;
        self.sync();
        changed
    }

    /// A click on column `col` (on card `index`, or its empty place): moves
    /// the selected sequence there, or selects the sequence clicked.
    fn click_column(&mut self, col: usize, index: Option<usize>, before: Snapshot) -> bool {
        match (self.selected, index) {
            (Some((s, i)), _) if s != col => {
                let mv = Move::Sequence {
                    from: s,
                    index: i,
                    to: col,
                };
                if self.game.check(mv).is_ok() {
                    return self.make(mv, before);
                }
                let pick = index.filter(|&k| self.game.movable(col, k));
                self.select(pick.map(|k| (col, k)))
            }
            (Some(sel), Some(k)) if sel == (col, k) => self.select(None),
            (_, Some(k)) if self.game.movable(col, k) => self.select(Some((col, k))),
            _ => self.select(None),
        }
    }

    /// Makes `mv` as if the player had (it slides); whether it was legal.
    pub fn play_move(&mut self, mv: Move) -> bool {
        let before = self.view.snapshot(None);
        self.make(mv, before)
            && self
                .message
                .as_deref()
                .is_none_or(|m| !m.starts_with("Refused"))
    }

    /// Shows a hint: a legal move worth making, or that none is left.
    pub fn show_hint(&mut self) {
        self.hinted = hint(&self.game);
        self.message = Some(match self.hinted {
            Some(Move::Sequence { from, index, to }) => {
                let card = self.game.columns[from].cards[index];
                let onto = match self.game.columns[to].top() {
                    Some(top) => format!("onto the {} in column {}", top.name(), to + 1),
                    None => format!("to the empty column {}", to + 1),
                };
                let more = self.game.columns[from].cards.len() - index - 1;
                let with = match more {
                    0 => String::new(),
                    n => format!(" and the {} on it", plural(n, "card", "cards")),
                };
                format!(
                    "Hint: move the {}{with} from column {} {onto}.",
                    card.name(),
                    from + 1
                )
            }
            Some(Move::Deal) => "Hint: deal a row from the deck.".into(),
            None => "Hint: no move helps now; undo, or start a new game.".into(),
        });
        if !self.game.won() {
            self.hints += 1;
        }
        self.sync();
    }

    fn status_text(&self) -> String {
        let g = &self.game;
        if g.won() {
            return format!(
                "All eight suits are finished in {}. You win!",
                plural(g.moves as usize, "move", "moves")
            );
        }
        let mut s = String::new();
        if let Some(m) = &self.message {
            s.push_str(m);
            s.push(' ');
        }
        if let Some((col, index)) = self.selected {
            let card = g.columns[col].cards[index];
            s.push_str(&format!(
                "Selected the {} in column {}: click the column to move it to, or the card again to let go.",
                card.name(),
                col + 1
            ));
        } else {
            s.push_str(&format!(
                "{} of 8 suits finished, {} left in the deck, {}. Drag a sequence onto a card one higher, or click the deck to deal.",
                g.done.len(),
                plural(g.deals_left(), "deal", "deals"),
                plural(g.moves as usize, "move", "moves"),
            ));
        }
        self.view.with_hand(s)
    }

    fn saved(&self) -> Saved {
        Saved {
            game: self.game.clone(),
            seed: self.seed,
            hints: self.hints,
        }
    }
}

impl Game for SpiderGame {
    cards::table_window!("Spider", regions);

    fn new(host: Host) -> Result<Self, GameError> {
        host.request_input(game_api::InputKinds::ALL);
        let suits = Suits::load(host.data_dir().as_deref());
        Ok(SpiderGame::with_seed(
            host,
            suits,
            game_api::rng::fresh_seed(),
        ))
    }

    fn draw(&self, painter: &mut dyn Painter) {
        self.view.draw(painter);
        self.view.draw_win(painter, self.game.won(), (0.5, 0.5));
    }

    fn handle_event(&mut self, event: &Event) -> Response {
        if let Some(response) = self.view.slide_tick(event) {
            return response;
        }
        if let Event::KeyPress { key, .. } = event
            && key == "Escape"
            && self.view.hand.held.is_none()
            && (self.selected.is_some() || self.hinted.is_some())
        {
            self.hinted = None;
            self.select(None);
            return Response::REDRAW;
        }
        let (play, changed) = self.view.point(&SpiderRules(&self.game), event);
        let played = play.is_some_and(|(p, drag)| self.play(p, drag));
        Response::redraw_if(changed || played)
    }

    /// The Suits choice (`s`, starts a new game), Hint (`?`, as in every game) and Deal (`d`).
    fn actions(&self) -> Vec<Action> {
        vec![
            Action::choice(
                SUITS_ACTION,
                "Suits",
                Suits::ALL.map(|s| s.count()),
                self.next_suits.count(),
            )
            .with_shortcut("s"),
            Action::button(HINT_ACTION, "Hint")
                .with_shortcut(game_api::keys::QUESTION_MARK)
                .enabled(!self.game.won()),
            Action::button(DEAL_ACTION, "Deal")
                .with_shortcut("d")
                .enabled(self.game.can_deal()),
        ]
    }

    fn invoke_action(&mut self, id: &str, value: &str) -> Result<Response, GameError> {
        match id {
            SUITS_ACTION => {
                let suits = value
                    .trim()
                    .parse()
                    .ok()
                    .and_then(Suits::from_count)
                    .ok_or_else(|| {
                        GameError(format!("{value:?} is not a number of suits (1, 2 or 4)"))
                    })?;
                self.next_suits = suits;
                SettingsFile::update_for(&self.view.host, |file| suits.write(file));
                let host = self.view.host;
                host.new_game_or(|seed| self.new_deal(suits, seed));
            }
            HINT_ACTION => self.show_hint(),
            DEAL_ACTION => {
                let before = self.view.snapshot(None);
                self.make(Move::Deal, before);
            }
            other => return Err(GameError(format!("Spider has no action {other:?}"))),
        }
        Ok(Response::REDRAW)
    }

    fn lay_out_canvas(&mut self, size: Point) -> Response {
        self.lay_out(size);
        self.update_ticks();
        Response::REDRAW
    }
}

impl NewGame for SpiderGame {
    fn new_game(&mut self, seed: u64) {
        self.new_deal(self.next_suits, seed);
    }

    fn game_id(&self) -> String {
        game_id(self.game.suits, self.seed)
    }

    fn start_from_game_id(&mut self, id: &str) -> Result<(), GameError> {
        let (suits, seed) = parse_game_id(id, self.next_suits).map_err(GameError)?;
        self.new_deal(suits, seed);
        Ok(())
    }
}

impl Outcomes for SpiderGame {
    /// Won with the moves made as the score (fewest is best); helped when
    /// a hint was asked for. A game is never lost: the original has no end
    /// but the win.
    fn outcome(&self) -> Outcome {
        if self.game.won() {
            Outcome::won()
                .with_score(i64::from(self.game.moves))
                .with_assistance(self.hints > 0)
        } else {
            Outcome::PLAYING
        }
    }

    fn score_kind(&self) -> ScoreKind {
        ScoreKind::fewest("moves")
    }
}

impl SaveLoad for SpiderGame {
    /// The text of [`crate::save`].
    fn save(&self) -> Vec<u8> {
        crate::save::write(&self.saved()).into_bytes()
    }

    fn load(&mut self, bytes: &[u8]) -> Result<(), GameError> {
        let saved = crate::save::read(bytes).map_err(GameError)?;
        self.game = saved.game;
        self.seed = saved.seed;
        self.hints = saved.hints;
        self.restart_view();
        Ok(())
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::save::{Saved, write};
    use game_api::{RecordingPainter, Shape};

    fn cards(text: &str) -> Vec<Card> {
        cards::card::read_cards(text).unwrap()
    }

    /// A game one move from finishing a suit of hearts: column 1 holds
    /// king to two, column 2 the ace.
    fn nearly_finished() -> SpiderGame {
        let mut g = SpiderGame::with_seed(Host::detached(), Suits::Two, 3);
        let mut spider = g.spider().clone();
        let run = cards("KH QH JH TH 9H 8H 7H 6H 5H 4H 3H 2H AH");
        // Swap the run's cards out of wherever they are.
        let mut all: Vec<Card> = spider.stock.drain(..).collect();
        for c in &mut spider.columns {
            all.append(&mut c.cards);
            c.down = 0;
        }
        for card in &run {
            let i = all.iter().position(|c| c == card).unwrap();
            all.remove(i);
        }
        spider.columns[0].cards = run[..12].to_vec();
        spider.columns[1].cards = vec![run[12]];
        for c in 2..COLUMNS {
            spider.columns[c].cards.push(all.pop().unwrap());
        }
        spider.stock = all;
        load(&mut g, spider);
        g
    }

    /// Loads `spider` into `g` as a save of deal 3 would.
    fn load(g: &mut SpiderGame, spider: Spider) {
        let bytes = write(&Saved {
            game: spider,
            seed: 3,
            hints: 0,
        });
        g.load(bytes.as_bytes()).unwrap();
    }

    #[test]
    fn a_finished_suit_slides_to_its_foundation() {
        let mut g = nearly_finished();
        g.lay_out_canvas(Point::new(1000.0, 700.0));
        assert!(g.play_move(Move::Sequence {
            from: 1,
            index: 0,
            to: 0
        }));
        assert_eq!(g.spider().done, [cards::Suit::Hearts]);
        assert!(g.spider().columns[0].cards.is_empty());
        assert!(g.status().starts_with("A suit of hearts is finished."));
        // Its thirteen cards are on their way to the first foundation.
        let sliding: Vec<_> = g
            .view
            .anim
            .slides()
            .iter()
            .filter(|s| s.pile == FOUNDATION)
            .collect();
        assert_eq!(sliding.len(), 13);
        let before_slide = g.view.anim.slides()[0].from;
        g.handle_event(&Event::Tick { dt: 0.1 });
        let (mid, _, _) = g.view.anim.frame(&g.view.table, &g.view.anim.slides()[0]);
        assert_ne!(mid, before_slide);
        for _ in 0..10 {
            g.handle_event(&Event::Tick { dt: 0.05 });
        }
        assert!(!g.view.anim.is_running());
        let labels: Vec<String> = g.regions().into_iter().map(|r| r.label).collect();
        assert!(
            labels.contains(&"king of hearts, face up, top of foundation 1, 13 cards".to_string()),
            "{labels:?}"
        );
    }

    #[test]
    fn of_two_twin_cards_only_the_one_moved_slides() {
        // One suit: eight of each card. Column 6 ends in a seven of spades
        // that stays; column 9's seven of spades moves onto column 2's
        // eight. The animator matches cards by face, reading the piles in
        // order: column 2's new seven must come from column 9.
        let mut g = SpiderGame::with_seed(Host::detached(), Suits::One, 3);
        let mut spider = g.spider().clone();
        let mut pool: Vec<Card> = spider.stock.drain(..).collect();
        for c in &mut spider.columns {
            pool.append(&mut c.cards);
            c.down = 0;
        }
        let take = |pool: &mut Vec<Card>, text: &str| {
            let card: Card = text.parse().unwrap();
            pool.remove(pool.iter().position(|&c| c == card).unwrap())
        };
        let mut columns: Vec<Vec<Card>> = vec![Vec::new(); COLUMNS];
        columns[1] = vec![take(&mut pool, "8S")];
        columns[5] = vec![take(&mut pool, "KS"), take(&mut pool, "7S")];
        columns[8] = vec![take(&mut pool, "KS"), take(&mut pool, "7S")];
        for c in [0, 2, 3, 4, 6, 7, 9] {
            columns[c] = vec![take(&mut pool, "QS")];
        }
        for (c, cards) in columns.into_iter().enumerate() {
            spider.columns[c].cards = cards;
        }
        spider.stock = pool;
        load(&mut g, spider);
        let origin = g.view.table.card_pos(COLUMN + 8, 1);
        assert!(g.play_move(Move::Sequence {
            from: 8,
            index: 1,
            to: 1
        }));
        let slides: Vec<(usize, usize)> = g
            .view
            .anim
            .slides()
            .iter()
            .map(|s| (s.pile, s.index))
            .collect();
        assert_eq!(slides, [(COLUMN + 1, 1)]);
        assert_eq!(g.view.anim.slides()[0].from, origin);
    }

    #[test]
    fn a_hint_lights_its_columns_and_escape_clears_it() {
        let mut g = SpiderGame::with_seed(Host::detached(), Suits::One, 3);
        g.show_hint();
        let lit: Vec<usize> = (0..g.view.table.piles.len())
            .filter(|&p| g.view.table.piles[p].highlighted)
            .collect();
        match g.hinted {
            Some(Move::Sequence { from, to, .. }) => {
                assert_eq!(lit, [COLUMN + from.min(to), COLUMN + from.max(to)])
            }
            Some(Move::Deal) => assert_eq!(lit, [STOCK]),
            None => panic!("an opening has a move"),
        }
        assert!(g.status().starts_with("Hint: "));
        assert_eq!(g.handle_event(&Event::key("Escape")), Response::REDRAW);
        assert!(g.view.table.piles.iter().all(|p| !p.highlighted));
        assert!(!g.status().starts_with("Hint: "));
    }

    #[test]
    fn a_selection_is_drawn_marked() {
        let mut g = SpiderGame::with_seed(Host::detached(), Suits::Two, 3);
        let top = g.spider().columns[4].cards.len() - 1;
        let at = g.view.table.card_pos(COLUMN + 4, top);
        let at = Point::new(at.x + 5.0, at.y + 5.0);
        g.handle_event(&Event::press(at));
        g.handle_event(&Event::release(at));
        assert_eq!(g.selected, Some((4, top)));
        assert!(g.view.table.piles[COLUMN + 4].cards[top].selected);
        let mut p = RecordingPainter::new();
        g.draw(&mut p);
        let gold = p.shapes.iter().any(|s| match s {
            Shape::RoundedRect { style, .. } => style
                .stroke
                .is_some_and(|k| k.color == cards::face::SELECTED),
            _ => false,
        });
        assert!(gold, "the selected card is outlined");
    }
}
