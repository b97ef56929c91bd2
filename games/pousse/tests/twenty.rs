//! Boards up to 20 by 20, as the original's: chosen with Size, played to a
//! straight through the game's ABI, and the computer's move on the largest
//! board within its budget of nodes.

use game_api::host::{GameLibrary, Recorder};
use game_api::{ActionKind, Event, RecordingPainter, Shape};
use pousse::computer::{Strength, choose};
use pousse::rules::{Ending, MAX_SIZE, Match, Player};
use pousse::save::parse_game;

#[test]
fn a_20_by_20_game_is_chosen_drawn_and_won_with_a_straight() {
    let recorder = Recorder::new();
    let mut game = GameLibrary::from_static(&pousse::GAME_TABLE)
        .unwrap()
        .start(Box::new(recorder.clone()))
        .unwrap();
    let actions = game.actions().unwrap();
    let size = actions.iter().find(|a| a.id == "size").unwrap();
    let ActionKind::Choice { options, .. } = &size.kind else {
        panic!("{size:?}")
    };
    assert_eq!(options.first().map(String::as_str), Some("3"));
    assert_eq!(options.last().map(String::as_str), Some("20"));
    game.invoke_action("size", "20").unwrap();
    game.new_game(1).unwrap();
    assert_eq!(game.game_id().unwrap(), "20:");
    // Every square and the 80 push buttons are there to click.
    let regions = game.regions().unwrap();
    assert_eq!(
        regions
            .iter()
            .filter(|r| r.label.starts_with("row "))
            .count(),
        400
    );
    // X pushes into row 1 from the left 20 times, O into row 20 from the
    // right 19 times: X's twentieth marker fills row 1, a straight.
    let record: Vec<String> = (0..39)
        .map(|k| if k % 2 == 0 { "L1" } else { "R20" }.to_string())
        .collect();
    let record = format!("20:{}", record.join(" "));
    game.invoke_action("record", &record).unwrap();
    let status = game.status().unwrap();
    assert!(
        status.starts_with("Game over: X (Person) wins with 1 straight to 0, after 39 moves"),
        "{status}"
    );
    // The board is drawn whole: 400 squares, each X or O marker of them,
    // the numbers on the buttons still readable (9 canvas pixels or more;
    // the board grew to 22 squares of 28).
    assert_eq!(game.canvas_size().unwrap().y, 12.0 + 22.0 * 28.0 + 12.0);
    let mut painter = RecordingPainter::new();
    game.draw(&mut painter).unwrap();
    assert!(painter.shapes.iter().all(|s| match s {
        Shape::Text { font_size, .. } => *font_size >= 9.0,
        _ => true,
    }));
    let markers = painter
        .shapes
        .iter()
        .filter(|s| matches!(s, Shape::Text { text, .. } if text == "X" || text == "O"))
        .count();
    assert_eq!(markers, 39);
    game.handle_event(&Event::key("n")).unwrap();
}

#[test]
fn the_computer_moves_on_20_by_20_within_its_budget_of_nodes() {
    assert_eq!(MAX_SIZE, 20);
    for record in ["20:", "20:L1 T5 R20 B11 L10 T10", "20:L1 L1 L1 T3 T3 R7"] {
        let game = parse_game(record).unwrap();
        for strength in Strength::ALL {
            let budget = strength.budget();
            let choice = choose(&game, budget, 3).unwrap();
            // The first look at each of the 80 moves is always made.
            assert!(
                choice.nodes <= budget.max(80) + 1,
                "{record} {}: {} nodes",
                strength.name(),
                choice.nodes
            );
            let mut after = game.clone();
            after.play(choice.mv).unwrap();
        }
    }
    // And it takes a straight on the move when there is one.
    let mut game = Match::new(20).unwrap();
    for _ in 0..19 {
        game.play("L1".parse().unwrap()).unwrap();
        game.play("R20".parse().unwrap()).unwrap();
    }
    let choice = choose(&game, Strength::Easy.budget(), 1).unwrap();
    game.play(choice.mv).unwrap();
    assert!(
        matches!(
            game.ending(),
            Some(Ending::Straights {
                winner: Player::X,
                ..
            })
        ),
        "{}",
        game.board()
    );
}
