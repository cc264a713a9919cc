//! A line chart as SVG text, for `bandwidth --plot`. Written here rather than taken from a
//! plotting crate: it is one function with no dependencies, where plotters would add dozens of
//! crates to every build of the lessons and the benchmarks.

/// A line chart as SVG text: one line per series over the same x labels, y from 0.
pub fn svg_line_chart(
    title: &str,
    y_label: &str,
    x_labels: &[String],
    series: &[(&str, Vec<f64>)],
) -> String {
    const W: f64 = 860.0;
    const H: f64 = 500.0;
    const LEFT: f64 = 70.0;
    const RIGHT: f64 = 200.0;
    const TOP: f64 = 50.0;
    const BOTTOM: f64 = 60.0;
    const COLORS: [&str; 6] = ["#1f77b4", "#d62728", "#2ca02c", "#ff7f0e", "#9467bd", "#8c564b"];
    let max = series.iter().flat_map(|(_, ys)| ys.iter().copied()).fold(0.0, f64::max);
    let step = if max > 50.0 {
        10.0
    } else if max > 10.0 {
        5.0
    } else {
        1.0
    };
    let top = (max / step).ceil().max(1.0) * step;
    let plot_w = W - LEFT - RIGHT;
    let plot_h = H - TOP - BOTTOM;
    let x = |i: usize| LEFT + plot_w * i as f64 / (x_labels.len().max(2) - 1) as f64;
    let y = |v: f64| TOP + plot_h * (1.0 - v / top);

    let mut svg = format!(
        "<svg xmlns=\"http://www.w3.org/2000/svg\" width=\"{W}\" height=\"{H}\" viewBox=\"0 0 {W} {H}\" \
         font-family=\"sans-serif\" font-size=\"12\">\n<rect width=\"100%\" height=\"100%\" fill=\"white\"/>\n\
         <text x=\"{}\" y=\"28\" font-size=\"16\" text-anchor=\"middle\">{}</text>\n",
        LEFT + plot_w / 2.0,
        escape(title)
    );
    let mut v = 0.0;
    while v <= top + 1e-9 {
        svg += &format!(
            "<line x1=\"{LEFT}\" x2=\"{}\" y1=\"{y:.1}\" y2=\"{y:.1}\" stroke=\"#ddd\"/>\
             <text x=\"{}\" y=\"{:.1}\" text-anchor=\"end\">{v}</text>\n",
            LEFT + plot_w,
            LEFT - 8.0,
            y(v) + 4.0,
            y = y(v)
        );
        v += step;
    }
    for (i, label) in x_labels.iter().enumerate() {
        if i % 2 == 0 || i + 1 == x_labels.len() {
            svg += &format!(
                "<text x=\"{:.1}\" y=\"{}\" text-anchor=\"middle\">{}</text>\n",
                x(i),
                TOP + plot_h + 20.0,
                escape(label)
            );
        }
    }
    svg += &format!(
        "<text x=\"18\" y=\"{:.1}\" transform=\"rotate(-90 18 {:.1})\" text-anchor=\"middle\">{}</text>\n",
        TOP + plot_h / 2.0,
        TOP + plot_h / 2.0,
        escape(y_label)
    );
    svg += &format!(
        "<rect x=\"{LEFT}\" y=\"{TOP}\" width=\"{plot_w}\" height=\"{plot_h}\" fill=\"none\" stroke=\"#444\"/>\n"
    );
    for (k, (name, ys)) in series.iter().enumerate() {
        let color = COLORS[k % COLORS.len()];
        let points: Vec<String> =
            ys.iter().enumerate().map(|(i, &v)| format!("{:.1},{:.1}", x(i), y(v))).collect();
        svg += &format!(
            "<polyline fill=\"none\" stroke=\"{color}\" stroke-width=\"2\" points=\"{}\"/>\n",
            points.join(" ")
        );
        let ly = TOP + 20.0 + 22.0 * k as f64;
        svg += &format!(
            "<line x1=\"{}\" x2=\"{}\" y1=\"{ly}\" y2=\"{ly}\" stroke=\"{color}\" stroke-width=\"3\"/>\
             <text x=\"{}\" y=\"{}\">{}</text>\n",
            LEFT + plot_w + 15.0,
            LEFT + plot_w + 40.0,
            LEFT + plot_w + 46.0,
            ly + 4.0,
            escape(name)
        );
    }
    svg + "</svg>\n"
}

fn escape(text: &str) -> String {
    text.replace('&', "&amp;").replace('<', "&lt;").replace('>', "&gt;")
}
