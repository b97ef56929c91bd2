//! What ABI revision 6 adds, driven through a game's own table as a host
//! does: each change's undo rule (`outcome_undo`), read with the outcome;
//! a table of revision 5 (no `outcome_undo`) lets every move be undone.

use game_api::host::{GameLibrary, Recorder};
use game_api::{
    Event, Game, GameError, Host, Outcome, Outcomes, Painter, Point, Response, UndoRule,
};

/// A deck that deals a card on `d` (an undo barrier), peeks on `p` (undoing
/// it helps), and sorts on `s` (free).
struct Deck {
    last: UndoRule,
}

impl Game for Deck {
    fn new(_host: Host) -> Result<Self, GameError> {
        Ok(Deck {
            last: UndoRule::Free,
        })
    }
    fn canvas_size(&self) -> Point {
        Point::new(10.0, 10.0)
    }
    fn title(&self) -> String {
        "Deck".into()
    }
    fn status(&self) -> String {
        String::new()
    }
    fn draw(&self, _painter: &mut dyn Painter) {}
    fn handle_event(&mut self, event: &Event) -> Response {
        if let Event::KeyPress { key, .. } = event {
            self.last = match key.as_str() {
                "d" => UndoRule::Barrier,
                "p" => UndoRule::Assists,
                _ => UndoRule::Free,
            };
        }
        Response::REDRAW
    }
}

impl Outcomes for Deck {
    fn outcome(&self) -> Outcome {
        Outcome::PLAYING.with_undo(self.last)
    }
}

game_api::export_game!(Deck, outcome);

fn undo_after(table: &'static game_api::abi::GameTable, key: &str) -> UndoRule {
    let library = GameLibrary::from_static(table).expect("a table the host accepts");
    let mut game = library.start(Box::new(Recorder::new())).expect("it starts");
    game.handle_event(&Event::key(key)).expect("it takes keys");
    game.outcome().expect("it has outcomes").undo
}

#[test]
fn each_changes_undo_rule_reaches_the_host_with_the_outcome() {
    assert_eq!(game_api::ABI_REVISION, 6);
    assert_eq!(undo_after(&GAME_TABLE, "d"), UndoRule::Barrier);
    assert_eq!(undo_after(&GAME_TABLE, "p"), UndoRule::Assists);
    assert_eq!(undo_after(&GAME_TABLE, "s"), UndoRule::Free);
}

#[test]
fn a_revision_5_table_has_no_undo_rule_and_every_move_is_free() {
    let mut old = game_api::guest::table::<Deck>();
    old = game_api::guest::features::outcome::<Deck>(old);
    old.table_size = std::mem::offset_of!(game_api::abi::GameTable, outcome_undo) as u32;
    let old: &'static _ = Box::leak(Box::new(old));
    assert_eq!(undo_after(old, "d"), UndoRule::Free);
}

#[test]
fn an_unknown_undo_rule_is_refused_in_words() {
    unsafe extern "C" fn seven(_game: game_api::abi::GameHandle, out: *mut u32) -> u32 {
        // SAFETY: the host's slot, valid during the call.
        unsafe { *out = 7 };
        game_api::abi::STATUS_OK
    }
    let mut odd = game_api::guest::features::outcome::<Deck>(game_api::guest::table::<Deck>());
    odd.outcome_undo = Some(seven);
    let odd: &'static _ = Box::leak(Box::new(odd));
    let library = GameLibrary::from_static(odd).expect("a table the host accepts");
    let mut game = library.start(Box::new(Recorder::new())).expect("it starts");
    let err = game.outcome().expect_err("7 is no undo rule").to_string();
    assert!(err.contains("unknown undo rule 7"), "{err}");
}
