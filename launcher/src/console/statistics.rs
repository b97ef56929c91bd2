//! Play statistics: a game's line for its tooltip, and the Statistics
//! window that lists every game and resets them.

use super::{ConsoleAsks, ConsoleView};
use launcher_core::player::{self, PlayHistory};

/// "Played 3 times, last 2 days ago; won 2 (1 with help), lost 1; streak
/// 2 (best 2); best time 1:05", or "Not played yet".
pub fn played_line(plays: &PlayHistory, dir_name: &str, now: u64) -> String {
    let Some(game) = plays.games.get(dir_name).filter(|g| g.times_played > 0) else {
        return "Not played yet".into();
    };
    let times = match game.times_played {
        1 => "once".to_string(),
        2 => "twice".to_string(),
        n => format!("{n} times"),
    };
    let mut line = format!("Played {times}");
    if let Some(last) = game.last_played {
        line += &format!(", last {}", player::ago(last, now));
    }
    if game.has_results() {
        line += &format!("; won {}, lost {}", won_text(game), game.lost);
        line += &format!(
            "; streak {} (best {})",
            game.current_streak, game.best_streak
        );
        if let Some(ms) = game.best_time_ms {
            line += &format!("; best time {}", player::clock(ms));
        }
        if let Some(score) = game.best_score {
            line += &format!("; best score {}", player::score_text(game, score));
        }
    }
    line
}

/// "5", or "5 (2 with help)" when the game helped with some wins.
fn won_text(game: &player::GamePlays) -> String {
    match game.won_with_help {
        0 => game.won.to_string(),
        helped => format!("{} ({helped} with help)", game.won),
    }
}

/// The Statistics window: every game, what was played, and Reset.
pub(super) fn statistics_ui(
    ctx: &egui::Context,
    open: &mut bool,
    view: &ConsoleView<'_>,
    asks: &mut ConsoleAsks,
) {
    egui::Window::new("Statistics")
        .open(open)
        .collapsible(false)
        .resizable(true)
        .show(ctx, |ui| {
            ui.label("What you played on this computer. Nothing leaves it.");
            ui.add_space(4.0);
            egui::ScrollArea::vertical()
                .max_height(320.0)
                .show(ui, |ui| {
                    egui::Grid::new("statistics")
                        .striped(true)
                        .num_columns(10)
                        .show(ui, |ui| {
                            for heading in [
                                "Game",
                                "Played",
                                "Last played",
                                "Won",
                                "Lost",
                                "Streak",
                                "Best streak",
                                "Best time",
                                "Best score",
                                "",
                            ] {
                                ui.strong(heading);
                            }
                            ui.end_row();
                            for set in view.catalog.game_sets() {
                                for game in set.games {
                                    let plays = view.plays.games.get(&game.dir_name);
                                    let times = plays.map_or(0, |p| p.times_played);
                                    ui.label(&game.name);
                                    ui.label(times.to_string());
                                    ui.label(plays.and_then(|p| p.last_played).map_or_else(
                                        || "never".to_string(),
                                        |t| player::ago(t, view.now),
                                    ));
                                    // Only games that report their outcome count
                                    // wins: the others show a dash.
                                    let results = plays.filter(|p| p.has_results());
                                    let cell =
                                        |f: &dyn Fn(&player::GamePlays) -> Option<String>| {
                                            results.and_then(f).unwrap_or_else(|| "–".into())
                                        };
                                    ui.label(cell(&|p| Some(won_text(p))));
                                    ui.label(cell(&|p| Some(p.lost.to_string())));
                                    ui.label(cell(&|p| Some(p.current_streak.to_string())));
                                    ui.label(cell(&|p| Some(p.best_streak.to_string())));
                                    ui.label(cell(&|p| p.best_time_ms.map(player::clock)));
                                    ui.label(cell(&|p| {
                                        p.best_score.map(|s| player::score_text(p, s))
                                    }));
                                    let reset =
                                        ui.add_enabled(times > 0, egui::Button::new("Reset"));
                                    if reset.clicked() {
                                        asks.reset_statistics = Some(Some(game.dir_name.clone()));
                                    }
                                    ui.end_row();
                                }
                            }
                        });
                });
            ui.add_space(4.0);
            if ui.button("Reset all").clicked() {
                asks.reset_statistics = Some(None);
            }
        });
}
