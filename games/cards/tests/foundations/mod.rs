//! "Foundations", the kit's example game: a one-deck patience in a few
//! dozen lines of rules. Click the stock to turn its top card onto the
//! waste (when the stock is empty, the click turns the waste back over);
//! drag the waste's top card, or double-click it, onto its suit's
//! foundation when it is the next card up (ace first). All 52 on the
//! foundations wins. Unlimited redeals make every deal winnable.
//!
//! It shows a card game's whole use of the kit: a [`Table`] laid out to
//! the window, a [`Hand`] for the pointer and the keys, an [`Animator`]
//! on ticks, regions for screen readers, the seed's deal and a save in the
//! compact notation.

use std::time::Duration;

use cards::anim::{Animator, Snapshot};
use cards::card::{Card, Suit, read_cards, write_cards};
use cards::deal::shuffled_deck;
use cards::{Fan, Hand, Hit, Pile, Play, Rules, Table, TableCard};
use game_api::{
    Event, Game, GameError, Host, NewGame, Outcome, Outcomes, Painter, Point, Region, Response,
    SaveLoad,
};

/// The piles' indices.
pub const STOCK: usize = 0;
/// The waste.
pub const WASTE: usize = 1;
/// The first foundation (clubs); diamonds, hearts, spades follow.
pub const FOUNDATION: usize = 2;

/// The demo game.
pub struct Foundations {
    host: Host,
    seed: u64,
    table: Table,
    hand: Hand,
    anim: Animator,
}

struct FoundationRules;

impl Rules for FoundationRules {
    fn movable(&self, table: &Table, pile: usize, index: usize) -> bool {
        pile == WASTE && index + 1 == table.piles[WASTE].cards.len()
    }
    fn accepts(&self, table: &Table, from: usize, index: usize, to: usize) -> bool {
        let card = table.piles[from].cards[index].card;
        to == FOUNDATION + card.suit as usize
            && table.piles[to].cards.len() + 1 == usize::from(card.rank.value())
    }
}

impl Foundations {
    fn table() -> Table {
        let mut t = Table::new(6.0, 1.5);
        t.add_pile(Pile::new("stock", (0.0, 0.0), Fan::Stacked));
        let mut waste = Pile::new("waste", (1.0, 0.0), Fan::Right);
        waste.reach = Some(0.6);
        t.add_pile(waste);
        for suit in Suit::ALL {
            t.add_pile(Pile::new(
                format!("{} foundation", suit.name()),
                (2.0 + suit as usize as f32, 0.0),
                Fan::Stacked,
            ));
        }
        t
    }

    fn deal(&mut self, seed: u64) {
        self.seed = seed;
        let size = self.table.canvas_size();
        self.table = Self::table();
        self.table.lay_out(size);
        self.table.piles[STOCK].cards = shuffled_deck(seed)
            .into_iter()
            .rev()
            .map(TableCard::down)
            .collect();
        self.hand.reset();
        self.anim.finish();
    }

    fn won(&self) -> bool {
        (0..4).all(|f| self.table.piles[FOUNDATION + f].cards.len() == 13)
    }

    /// Carries out what the player did; whether anything changed.
    fn play(&mut self, play: Play) -> bool {
        let before = Snapshot::of(&self.table);
        match play {
            Play::Click(Hit::Card { pile: STOCK, .. }) => {
                let mut c = self.table.piles[STOCK].cards.pop().expect("a card");
                c.face_up = true;
                self.table.piles[WASTE].cards.push(c);
            }
            Play::Click(Hit::Pile(STOCK)) => {
                let waste = std::mem::take(&mut self.table.piles[WASTE].cards);
                self.table.piles[STOCK].cards = waste
                    .into_iter()
                    .rev()
                    .map(|c| TableCard::down(c.card))
                    .collect();
            }
            Play::Move { from, index, to } => {
                let moved = self.table.piles[from].cards.split_off(index);
                self.table.piles[to].cards.extend(moved);
            }
            Play::DoubleClick(Hit::Card { pile: WASTE, index })
                if FoundationRules.movable(&self.table, WASTE, index) =>
            {
                let suit = self.table.piles[WASTE].cards[index].card.suit as usize;
                if !FoundationRules.accepts(&self.table, WASTE, index, FOUNDATION + suit) {
                    return false;
                }
                let c = self.table.piles[WASTE].cards.pop().expect("the top");
                self.table.piles[FOUNDATION + suit].cards.push(c);
            }
            _ => return false,
        }
        self.anim.start(&before, &self.table);
        if self.anim.is_running() {
            self.host.request_ticks(Duration::from_millis(16));
        }
        true
    }
}

impl Game for Foundations {
    fn new(host: Host) -> Result<Self, GameError> {
        host.request_layout(true);
        host.request_input(game_api::InputKinds::ALL);
        let mut game = Foundations {
            host,
            seed: 0,
            table: Self::table(),
            hand: Hand::new(),
            anim: Animator::new(),
        };
        game.deal(1);
        Ok(game)
    }

    fn canvas_size(&self) -> Point {
        self.table.canvas_size()
    }

    fn title(&self) -> String {
        "Foundations".into()
    }

    fn status(&self) -> String {
        if self.won() {
            return "Every card is home. You win!".into();
        }
        let home: usize = (0..4)
            .map(|f| self.table.piles[FOUNDATION + f].cards.len())
            .sum();
        let mut s = format!("{home} of 52 cards home");
        if let Some(hand) = self.hand.describe(&self.table) {
            s.push_str(&format!("; {hand}"));
        }
        s
    }

    fn draw(&self, painter: &mut dyn Painter) {
        self.hand
            .draw_with(&self.table, painter, &|p, i| self.anim.hides(p, i));
        self.anim.draw_moving(&self.table, painter);
    }

    fn handle_event(&mut self, event: &Event) -> Response {
        if let Event::Tick { dt } = event {
            if !self.anim.tick(*dt) {
                self.host.stop_ticks();
            }
            return Response::REDRAW;
        }
        let (play, changed) =
            self.hand
                .handle_pointing(&self.table, &FoundationRules, event, &self.host);
        let played = play.is_some_and(|p| self.play(p));
        if changed || played {
            Response::REDRAW
        } else {
            Response::NONE
        }
    }

    fn lay_out_canvas(&mut self, size: Point) -> Response {
        self.table.lay_out(size);
        Response::REDRAW
    }

    fn regions(&self) -> Vec<Region> {
        self.table.regions()
    }
}

impl NewGame for Foundations {
    fn new_game(&mut self, seed: u64) {
        self.deal(seed);
    }

    fn game_id(&self) -> String {
        self.seed.to_string()
    }

    fn start_from_game_id(&mut self, id: &str) -> Result<(), GameError> {
        let seed = id
            .trim()
            .parse()
            .map_err(|_| GameError(format!("\"{id}\" is not a deal number")))?;
        self.deal(seed);
        Ok(())
    }
}

impl Outcomes for Foundations {
    fn outcome(&self) -> Outcome {
        if self.won() {
            Outcome::won()
        } else {
            Outcome::PLAYING
        }
    }
}

impl SaveLoad for Foundations {
    /// The seed, then a line per pile: how many of its bottom cards lie
    /// face down, then its cards in the compact notation (`24 7H TS ...`).
    fn save(&self) -> Vec<u8> {
        let mut text = format!("{}\n", self.seed);
        for p in &self.table.piles {
            let cards: Vec<Card> = p.cards.iter().map(|c| c.card).collect();
            let down = p.cards.iter().take_while(|c| !c.face_up).count();
            text.push_str(&format!("{down} {}\n", write_cards(&cards)));
        }
        text.into_bytes()
    }

    fn load(&mut self, bytes: &[u8]) -> Result<(), GameError> {
        let text = std::str::from_utf8(bytes).map_err(|_| GameError("not a saved game".into()))?;
        let mut lines = text.lines();
        let seed = lines
            .next()
            .and_then(|l| l.parse().ok())
            .ok_or_else(|| GameError("not a saved game".into()))?;
        let mut piles = Vec::new();
        for _ in 0..6 {
            // A pile left out of the save is empty.
            let line = lines.next().unwrap_or("0");
            let (down, cards) = line.split_once(' ').unwrap_or((line, ""));
            let down: usize = down
                .parse()
                .map_err(|_| GameError(format!("\"{down}\" is not a number of face-down cards")))?;
            piles.push((
                down,
                read_cards(cards).map_err(|e| GameError(e.to_string()))?,
            ));
        }
        let mut all: Vec<Card> = piles.iter().flat_map(|(_, c)| c.clone()).collect();
        all.sort();
        // The kit's check, which names the cards missing or doubled.
        cards::patience::save::check_every_card_once(&all).map_err(GameError)?;
        self.deal(seed);
        for (pile, (down, cards)) in piles.into_iter().enumerate() {
            self.table.piles[pile].cards = cards
                .into_iter()
                .enumerate()
                .map(|(i, c)| {
                    if i < down {
                        TableCard::down(c)
                    } else {
                        TableCard::up(c)
                    }
                })
                .collect();
        }
        Ok(())
    }
}
