//! A patience played through its C ABI table as the launcher plays it,
//! for the games' tests: the player's moves made with the pointer (drags,
//! clicks, double clicks) on the regions a screen reader reads, found by
//! their labels ("seven of hearts, face up, top of column 3"), and the
//! table read back from the game's own save.

use game_api::abi::GameTable;
use game_api::host::{GameInstance, GameLibrary, NoServices};
use game_api::{Button, Event, Modifiers, Point, Region};

use super::game::{Variant, pile_names, read_save};
use super::save::Saved;
use super::{Move, Patience};

/// A game started from its table, with its piles' names.
pub struct Driver<V: Variant> {
    /// The running game.
    pub game: GameInstance,
    variant: std::marker::PhantomData<V>,
}

impl<V: Variant> Driver<V> {
    /// Starts the game of `table` on a canvas of 1000 × 700.
    pub fn start(table: &'static GameTable) -> Driver<V> {
        let mut game = GameLibrary::from_static(table)
            .expect("the game speaks this launcher's ABI")
            .start(Box::new(NoServices))
            .expect("the game starts");
        game.layout(Point::new(1000.0, 700.0)).expect("laid out");
        Driver {
            game,
            variant: std::marker::PhantomData,
        }
    }

    /// The game's save, read.
    pub fn saved(&mut self) -> Saved {
        read_save::<V>(&self.game.save().expect("a save")).expect("its own save reads")
    }

    /// The table now, from the game's save.
    pub fn state(&mut self) -> Patience {
        self.saved().game
    }

    /// The status line.
    pub fn status(&mut self) -> String {
        self.game.status().expect("a status")
    }

    /// The labels of every region.
    pub fn labels(&mut self) -> Vec<String> {
        let regions = self.game.regions().expect("regions");
        regions.into_iter().map(|r| r.label).collect()
    }

    /// The first region whose label `f` accepts.
    pub fn region(&mut self, f: impl Fn(&str) -> bool) -> Option<Region> {
        let regions = self.game.regions().expect("regions");
        regions.into_iter().find(|r| f(&r.label))
    }

    fn name(&mut self, pile: usize) -> String {
        let roles: Vec<_> = self.state().piles.iter().map(|p| p.role).collect();
        pile_names(&roles).swap_remove(pile)
    }

    /// The region of card `index` of pile `pile`.
    pub fn card(&mut self, pile: usize, index: usize) -> Region {
        let n = self.state().piles[pile].cards.len();
        let name = self.name(pile);
        let place = if index + 1 == n {
            format!("top of {name}")
        } else {
            format!("card {} of {name}", index + 1)
        };
        self.region(|l| l.ends_with(&place) || l.contains(&format!("{place},")))
            .unwrap_or_else(|| panic!("no region for {place}"))
    }

    /// Where cards are put on pile `pile`: its top card, or its place.
    pub fn target(&mut self, pile: usize) -> Region {
        let name = self.name(pile);
        let top = format!("top of {name}");
        let empty = format!("{name}, empty");
        self.region(|l| l == empty || l.ends_with(&top) || l.contains(&format!("{top},")))
            .unwrap_or_else(|| panic!("no region for {name}"))
    }

    /// Sends `event`.
    pub fn send(&mut self, event: Event) {
        self.game
            .handle_event(&event)
            .expect("the event is handled");
    }

    /// A press and release at `at`.
    pub fn click(&mut self, at: Point) {
        self.send(Event::press(at));
        self.send(Event::release(at));
    }

    /// Two clicks and the launcher's double click at `at`.
    pub fn double_click(&mut self, at: Point) {
        self.click(at);
        self.click(at);
        self.send(Event::DoubleClick {
            pos: at,
            button: Button::Primary,
            modifiers: Modifiers::NONE,
        });
    }

    /// A drag from `from` to `to` through their midpoint.
    pub fn drag(&mut self, from: Point, to: Point) {
        self.send(Event::press(from));
        let mid = Point::new((from.x + to.x) / 2.0, (from.y + to.y) / 2.0);
        self.send(Event::PointerMove { pos: mid });
        self.send(Event::PointerMove { pos: to });
        self.send(Event::release(to));
    }

    /// Makes `mv` as a player would: a click on the stock, or a drag of
    /// the cards onto their pile.
    pub fn play(&mut self, mv: Move) {
        match mv {
            Move::Draw => {
                let stock = self.stock();
                let stock = self.target(stock);
                self.click(stock.center());
            }
            Move::Cards { from, count, to } => {
                let n = self.state().piles[from].cards.len();
                let card = self.card(from, n - count).center();
                let target = self.target(to).center();
                self.drag(card, target);
            }
        }
    }

    fn stock(&mut self) -> usize {
        let state = self.state();
        state
            .of(super::Role::Stock)
            .next()
            .expect("the game has a stock")
    }

    /// Sends ticks while the solver thinks (at most as many as its budget
    /// needs): its answer is then on the status line.
    pub fn think(&mut self) {
        let most = super::solver::GAME_BUDGET / super::game::NODES_PER_TICK + 2;
        for _ in 0..most {
            if !self.status().starts_with("Thinking") {
                return;
            }
            self.send(Event::Tick { dt: 0.016 });
        }
        panic!("still thinking after {most} ticks: {}", self.status());
    }

    /// Sends `n` ticks of 16 ms, so that the cards come to rest.
    pub fn settle(&mut self, n: usize) {
        for _ in 0..n {
            self.send(Event::Tick { dt: 0.016 });
        }
    }
}
