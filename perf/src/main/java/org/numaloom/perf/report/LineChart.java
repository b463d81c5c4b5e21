package org.numaloom.perf.report;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.Locale;
import java.util.TreeSet;

/**
 * A line chart of some series over a shared x axis, written as SVG and PNG from one layout. The x
 * axis is logarithmic when asked (thread counts double), with a tick at each x that occurs; the y
 * axis starts at 0, so that ratios between lines can be judged by eye, with five round ticks.
 * Series are coloured in order; a dashed series (an ideal) is drawn thinner and without dots.
 */
public record LineChart(String title, String xLabel, String yLabel, boolean logX, List<Series> series) {
    static final int WIDTH = 860;
    static final int HEIGHT = 480;
    private static final int LEFT = 90;
    private static final int RIGHT = 210;
    private static final int TOP = 50;
    private static final int BOTTOM = 60;
    private static final String AXIS = "#444444";
    private static final String GRID = "#e4e4e4";
    private static final String[] PALETTE = {"#1f77b4", "#d62728", "#2ca02c", "#ff7f0e", "#9467bd", "#8c564b",
        "#e377c2", "#17becf", "#7f7f7f", "#bcbd22"};

    public record Point(double x, double y) {
    }

    public record Series(String name, List<Point> points, boolean dashed) {
    }

    /** Writes {@code stem.svg} in {@code directory}. */
    public void writeSvg(Path directory, String stem) throws IOException {
        Canvas.Svg svg = new Canvas.Svg(WIDTH, HEIGHT);
        draw(svg);
        Files.writeString(directory.resolve(stem + ".svg"), svg.document());
    }

    /**
     * Writes {@code stem.png} in {@code directory}. Needs Java2D and a font, which a JDK without
     * {@code java.desktop} or a machine without fonts lacks; the SVG does not.
     */
    public void writePng(Path directory, String stem) throws IOException {
        Canvas.Png png = new Canvas.Png(WIDTH, HEIGHT);
        draw(png);
        png.write(directory.resolve(stem + ".png"));
    }

    void draw(Canvas canvas) {
        double yMax = niceCeiling(series.stream().flatMap(s -> s.points().stream()).mapToDouble(Point::y)
                .filter(y -> !Double.isNaN(y)).max().orElse(1));
        TreeSet<Double> xs = new TreeSet<>();
        series.forEach(s -> s.points().forEach(p -> xs.add(p.x())));
        Scale x = new Scale(xs.isEmpty() ? 0 : xs.first(), xs.isEmpty() ? 1 : xs.last(), logX);
        canvas.text(WIDTH / 2.0, TOP - 20, title, Canvas.Anchor.MIDDLE, 16, false);
        drawYAxis(canvas, yMax);
        drawXAxis(canvas, x, xs);
        for (int i = 0; i < series.size(); i++) {
            drawSeries(canvas, series.get(i), PALETTE[i % PALETTE.length], x, yMax, i);
        }
    }

    private void drawYAxis(Canvas canvas, double yMax) {
        for (int tick = 0; tick <= 5; tick++) {
            double value = yMax * tick / 5;
            double y = plotY(value, yMax);
            canvas.line(LEFT, y, WIDTH - RIGHT, y, tick == 0 ? AXIS : GRID, 1, false);
            canvas.text(LEFT - 8, y + 4, compact(value), Canvas.Anchor.END, 12, false);
        }
        canvas.line(LEFT, TOP, LEFT, HEIGHT - BOTTOM, AXIS, 1, false);
        canvas.text(22, (TOP + HEIGHT - BOTTOM) / 2.0, yLabel, Canvas.Anchor.MIDDLE, 13, true);
    }

    private void drawXAxis(Canvas canvas, Scale x, TreeSet<Double> xs) {
        for (double value : xs) {
            double px = plotX(x, value);
            canvas.line(px, HEIGHT - BOTTOM, px, HEIGHT - BOTTOM + 5, AXIS, 1, false);
            canvas.text(px, HEIGHT - BOTTOM + 20, compact(value), Canvas.Anchor.MIDDLE, 12, false);
        }
        canvas.text((LEFT + WIDTH - RIGHT) / 2.0, HEIGHT - 15, xLabel, Canvas.Anchor.MIDDLE, 13, false);
    }

    private void drawSeries(Canvas canvas, Series s, String color, Scale x, double yMax, int index) {
        List<Point> points = s.points().stream().filter(p -> !Double.isNaN(p.y())).toList();
        for (int i = 1; i < points.size(); i++) {
            canvas.line(plotX(x, points.get(i - 1).x()), plotY(points.get(i - 1).y(), yMax),
                    plotX(x, points.get(i).x()), plotY(points.get(i).y(), yMax), color, s.dashed() ? 1.5 : 2.5, s.dashed());
        }
        if (!s.dashed()) {
            points.forEach(p -> canvas.dot(plotX(x, p.x()), plotY(p.y(), yMax), 3.5, color));
        }
        double legendY = TOP + 10 + 22 * index;
        canvas.line(WIDTH - RIGHT + 15, legendY - 4, WIDTH - RIGHT + 40, legendY - 4, color, 2.5, s.dashed());
        canvas.text(WIDTH - RIGHT + 48, legendY, s.name(), Canvas.Anchor.START, 12, false);
    }

    private static double plotX(Scale x, double value) {
        return LEFT + 20 + x.fraction(value) * (WIDTH - RIGHT - LEFT - 40);
    }

    private static double plotY(double value, double yMax) {
        return HEIGHT - BOTTOM - value / yMax * (HEIGHT - BOTTOM - TOP);
    }

    /** The smallest of 1, 2, 2.5, 5 times a power of ten that is at least {@code value} (1 for none). */
    static double niceCeiling(double value) {
        if (!(value > 0)) {
            return 1;
        }
        double power = Math.pow(10, Math.floor(Math.log10(value)));
        for (double step : new double[] {1, 2, 2.5, 5, 10}) {
            if (step * power >= value) {
                return step * power;
            }
        }
        return 10 * power;
    }

    /** 1200 as 1.2k, 3500000 as 3.5M: tick labels stay short. */
    static String compact(double value) {
        double magnitude = Math.abs(value);
        if (magnitude >= 1e9) {
            return trim(value / 1e9) + "G";
        }
        if (magnitude >= 1e6) {
            return trim(value / 1e6) + "M";
        }
        if (magnitude >= 1e3) {
            return trim(value / 1e3) + "k";
        }
        return trim(value);
    }

    private static String trim(double value) {
        return String.format(Locale.ROOT, "%.2f", value).replaceAll("\\.?0+$", "");
    }

    /** Where a value falls between the smallest and largest x, 0 to 1. */
    private record Scale(double min, double max, boolean log) {
        double fraction(double value) {
            if (max <= min) {
                return 0.5;
            }
            return log ? Math.log(value / min) / Math.log(max / min) : (value - min) / (max - min);
        }
    }
}
