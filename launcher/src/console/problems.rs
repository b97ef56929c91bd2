//! What the console says above and below the games: the notices (each
//! dismissed by the player) and the Problems list (the catalog's problems
//! and the games a background check found unable to start).

use super::{ConsoleAsks, KnownBroken};
use crate::theme::severity_color;
use egui::RichText;
use launcher_core::catalog::{Catalog, Severity};
use launcher_core::messages::Notice;

/// The notices, each with a Dismiss button.
pub(super) fn notices_ui(ui: &mut egui::Ui, notices: &[Notice], asks: &mut ConsoleAsks) {
    if notices.is_empty() {
        return;
    }
    egui::Panel::top("console-notices").show(ui, |ui| {
        for (index, notice) in notices.iter().enumerate() {
            ui.horizontal(|ui| {
                if ui.small_button("Dismiss").clicked() {
                    asks.dismiss = Some(index);
                }
                let color = severity_color(ui, notice.severity);
                ui.add(egui::Label::new(RichText::new(&notice.text).color(color)).wrap());
            });
        }
    });
}

/// Every problem of the catalog, and every game a background check found
/// unable to start (a library built for another ABI version, one that
/// crashes as it starts: what the catalog cannot see without loading code),
/// under a header open when one is an error.
pub(super) fn problems_ui(ui: &mut egui::Ui, catalog: &Catalog, known_broken: &KnownBroken) {
    let mut lines: Vec<(Severity, String)> = catalog
        .all_problems()
        .map(|p| (p.severity, p.to_string()))
        .collect();
    lines.extend(cannot_start_problems(catalog, known_broken));
    if lines.is_empty() {
        return;
    }
    ui.add_space(8.0);
    let errors = lines.iter().filter(|(s, _)| *s == Severity::Error).count();
    egui::CollapsingHeader::new(format!("Problems ({})", lines.len()))
        .default_open(errors > 0)
        .show(ui, |ui| {
            for (severity, text) in lines {
                let color = severity_color(ui, severity);
                ui.add(egui::Label::new(RichText::new(text).color(color)).wrap());
            }
        });
}

/// The Problems list's line for each game of `catalog` that a background
/// check found unable to start, in the catalog's order: the game, why (which
/// names its library), and what to do.
fn cannot_start_problems<'a>(
    catalog: &'a Catalog,
    known_broken: &'a KnownBroken,
) -> impl Iterator<Item = (Severity, String)> + 'a {
    catalog.games.iter().filter_map(move |game| {
        let why = known_broken.get(&game.dir_name)?;
        let why = why.trim_end_matches('.');
        Some((
            Severity::Error,
            format!(
                "error: {} cannot start: {why}. Replace its library with one that works \
                 here (the console checks it again), or remove {}.",
                game.name,
                game.dir.display(),
            ),
        ))
    })
}
