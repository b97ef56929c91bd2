//! The launcher's colours, in one place for every window: body text that
//! meets WCAG AA in both themes, and the colour of each severity.

use launcher_core::messages::Severity;

/// The colour a message of this severity is written in.
pub fn severity_color(ui: &egui::Ui, severity: Severity) -> egui::Color32 {
    match severity {
        Severity::Error => ui.visuals().error_fg_color,
        Severity::Warning => ui.visuals().warn_fg_color,
    }
}

/// The colour of body text in the dark theme: grey 200 on egui's panels of
/// grey 27 is 11.9:1, well above WCAG AA's 4.5:1 (egui's own grey 140 was
/// 5.1:1).
pub const DARK_TEXT: egui::Color32 = egui::Color32::from_gray(200);

/// The colour of body text in the light theme: grey 40 on egui's panels of
/// grey 248 is 13.5:1 (egui's own grey 80 was 7.6:1).
pub const LIGHT_TEXT: egui::Color32 = egui::Color32::from_gray(40);

/// Sets the launcher's text colours in both themes, for every window: body
/// text ([`DARK_TEXT`], [`LIGHT_TEXT`]), and weak text (hints, paths, search
/// snippets) that still meets WCAG AA. The text cursor does not blink: a
/// blinking cursor redraws the whole window twice a second while a field
/// has the focus (a third of a core on a software renderer), for nothing
/// the player needs.
pub fn set_text_style(ctx: &egui::Context) {
    for (theme, text, weak) in [
        (egui::Theme::Dark, DARK_TEXT, egui::Color32::from_gray(160)),
        (egui::Theme::Light, LIGHT_TEXT, egui::Color32::from_gray(90)),
    ] {
        ctx.style_mut_of(theme, |style| {
            style.visuals.widgets.noninteractive.fg_stroke.color = text;
            style.visuals.weak_text_color = Some(weak);
            style.visuals.text_cursor.blink = false;
        });
    }
}
