//! Plays the computer at each strength against a random player and against
//! the other strengths, and prints the results and the nodes a move took:
//! `cargo run --release -p pousse --example strength [games]`.

use game_api::Rng;
use pousse::computer::{Strength, choose, random_move};
use pousse::rules::{Match, Player};

/// Who moves: the computer at a strength, or the random player.
#[derive(Clone, Copy)]
enum Side {
    Computer(Strength),
    Random,
}

fn play(n: usize, x: Side, o: Side, seed: u64) -> (Player, usize) {
    let mut game = Match::new(n).unwrap();
    let mut rng = Rng::new(seed);
    while game.ending().is_none() {
        let side = if game.to_move() == Player::X { x } else { o };
        let mv = match side {
            Side::Computer(s) => choose(&game, s.budget(), seed).unwrap().mv,
            Side::Random => random_move(&game, &mut rng),
        };
        game.play(mv).unwrap();
    }
    (game.ending().unwrap().winner(), game.moves().len())
}

fn main() {
    let games: u64 = std::env::args()
        .nth(1)
        .and_then(|a| a.parse().ok())
        .unwrap_or(100);
    for s in Strength::ALL {
        let game = pousse::save::parse_game("L2 T3 R3 B2 L3 T2").unwrap();
        let start = std::time::Instant::now();
        let c = choose(&game, s.budget(), 1).unwrap();
        println!(
            "{}: {} nodes, depth {}, value {}, {:?}",
            s.name(),
            c.nodes,
            c.depth,
            c.value,
            start.elapsed()
        );
    }
    for seed in 0..3 {
        let mut game = Match::new(4).unwrap();
        while game.ending().is_none() {
            let s = if game.to_move() == Player::X {
                Strength::Hard
            } else {
                Strength::Medium
            };
            game.play(choose(&game, s.budget(), seed).unwrap().mv)
                .unwrap();
        }
        println!("Hard (X) against Medium, seed {seed}: {}", game.record());
    }
    for n in [4, 5] {
        for s in Strength::ALL {
            let mut wins = 0;
            let mut length = 0;
            for seed in 0..games {
                let (x, o, me) = if seed % 2 == 0 {
                    (Side::Computer(s), Side::Random, Player::X)
                } else {
                    (Side::Random, Side::Computer(s), Player::O)
                };
                let (winner, moves) = play(n, x, o, seed);
                wins += u64::from(winner == me);
                length += moves;
            }
            println!(
                "{n}x{n} {} against random: won {wins} of {games}, {:.1} moves a game",
                s.name(),
                length as f64 / games as f64
            );
        }
        for (a, b) in [
            (Strength::Medium, Strength::Easy),
            (Strength::Hard, Strength::Medium),
        ] {
            let mut wins = [0, 0];
            for seed in 0..games.min(40) {
                let (x, o, me) = if seed % 2 == 0 {
                    (Side::Computer(a), Side::Computer(b), Player::X)
                } else {
                    (Side::Computer(b), Side::Computer(a), Player::O)
                };
                wins[(seed % 2) as usize] += u64::from(play(n, x, o, seed).0 == me);
            }
            println!(
                "{n}x{n} {} against {}: won {} of {} as X, {} of {} as O",
                a.name(),
                b.name(),
                wins[0],
                games.min(40) / 2,
                wins[1],
                games.min(40) / 2
            );
        }
    }
}
