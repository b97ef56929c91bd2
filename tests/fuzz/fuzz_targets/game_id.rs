//! Chat Noir game IDs on any text: parsing never panics, and an accepted ID
//! gives a well-formed world whose own ID parses back to the same position.
#![no_main]

use chat_noir::GameId;
use libfuzzer_sys::fuzz_target;

fuzz_target!(|data: &[u8]| {
    let Ok(text) = std::str::from_utf8(data) else {
        return;
    };
    let Ok(id) = text.parse::<GameId>() else {
        return;
    };
    let world = id.to_world();
    assert!(world.board().contains(world.cat()));
    assert!(!world.is_blocked(world.cat()));
    let again: GameId = id.to_string().parse().expect("a printed ID parses");
    assert_eq!(again, id);
});
