//! HTML: a complete page (UTF-8, a small style sheet, the chart inline when there is one).

use super::{body, dist_mean, dist_rows, scalar, text_rows, varying, ForPeople, Grid, Options};
use crate::report::{Entry, Report};

pub struct Html;

const STYLE: &str = "body{font-family:system-ui,sans-serif;color:#1b1b1b;max-width:52rem;\
margin:2rem auto;padding:0 1rem;line-height:1.4}\
h1{font-size:1.4rem}.headline{font-size:1.2rem;font-weight:600}\
table{border-collapse:collapse;margin:1rem 0}\
caption{text-align:left;font-weight:600;padding:.3rem 0}\
table.dist caption{white-space:nowrap}tbody th{text-align:left}\
th,td{padding:.15rem .7rem;text-align:right;border-bottom:1px solid #ddd}\
thead th{border-bottom:2px solid #555}dt{font-weight:600}dd{margin:0 0 .4rem 1.2rem}\
.note{color:#555}svg{max-width:100%;height:auto}";

fn escape(s: &str) -> String {
    s.replace('&', "&amp;")
        .replace('<', "&lt;")
        .replace('>', "&gt;")
        .replace('"', "&quot;")
}

/// The page around `content`, with the chart after it when there is one.
fn page(title: &str, content: &str, options: &Options) -> String {
    let chart = options
        .chart
        .as_deref()
        .map(|svg| format!("<figure>\n{svg}\n</figure>\n"))
        .unwrap_or_default();
    format!(
        "<!DOCTYPE html>\n<html lang=\"en\">\n<head>\n<meta charset=\"utf-8\">\n\
         <meta name=\"viewport\" content=\"width=device-width, initial-scale=1\">\n\
         <meta name=\"generator\" content=\"holodice\">\n<title>{}</title>\n\
         <style>{STYLE}</style>\n</head>\n<body>\n<h1>{}</h1>\n{content}{chart}</body>\n</html>\n",
        escape(title),
        escape(title)
    )
}

fn table_html(
    out: &mut String,
    class: &str,
    caption: &str,
    header: &[String],
    rows: &[Vec<String>],
) {
    out.push_str(&format!(
        "<table class=\"{class}\">\n<caption>{}</caption>\n<thead><tr>",
        escape(caption)
    ));
    for h in header {
        out.push_str(&format!("<th scope=\"col\">{}</th>", escape(h)));
    }
    out.push_str("</tr></thead>\n<tbody>\n");
    for r in rows {
        out.push_str("<tr>");
        for (i, c) in r.iter().enumerate() {
            match i {
                0 => out.push_str(&format!("<th scope=\"row\">{}</th>", escape(c))),
                _ => out.push_str(&format!("<td>{}</td>", escape(c))),
            }
        }
        out.push_str("</tr>\n");
    }
    out.push_str("</tbody>\n</table>\n");
}

impl ForPeople for Html {
    fn report(&self, report: &Report, options: &Options) -> String {
        let mut out = String::new();
        for h in &report.headline {
            out.push_str(&format!(
                "<p class=\"headline\">{}: {}</p>\n",
                escape(&h.label),
                escape(&scalar(&h.value, options))
            ));
        }
        let entries = body(report, options);
        let (dists, facts): (Vec<&Entry>, Vec<&Entry>) =
            entries.iter().partition(|e| varying(e).is_some());
        if !facts.is_empty() {
            out.push_str("<dl>\n");
            for e in facts {
                out.push_str(&format!(
                    "<dt>{}</dt><dd>{}</dd>\n",
                    escape(&e.label),
                    escape(&scalar(&e.value, options))
                ));
            }
            out.push_str("</dl>\n");
        }
        for e in dists {
            if let Some(d) = varying(e) {
                let caption = format!("{} (mean {})", e.label, dist_mean(d, options));
                let header = ["k".to_string(), "P(= k)".into(), "P(≥ k)".into()];
                table_html(&mut out, "dist", &caption, &header, &dist_rows(d, options));
            }
        }
        for n in &report.notes {
            out.push_str(&format!("<p class=\"note\">Note: {}</p>\n", escape(n)));
        }
        page(&report.title, &out, options)
    }

    fn grid(&self, grid: &Grid, options: &Options) -> String {
        let mut out = String::new();
        if !grid.legend.is_empty() {
            out.push_str("<dl class=\"legend\">\n");
            for (label, what) in &grid.legend {
                out.push_str(&format!(
                    "<dt>{}</dt><dd>{}</dd>\n",
                    escape(label),
                    escape(what)
                ));
            }
            out.push_str("</dl>\n");
        }
        table_html(
            &mut out,
            "grid",
            &grid.caption,
            &grid.header,
            &text_rows(grid, options),
        );
        page(&grid.title, &out, options)
    }
}
