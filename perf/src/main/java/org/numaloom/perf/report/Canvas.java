package org.numaloom.perf.report;

import java.awt.BasicStroke;
import java.awt.Color;
import java.awt.Font;
import java.awt.Graphics2D;
import java.awt.RenderingHints;
import java.awt.image.BufferedImage;
import java.io.IOException;
import java.nio.file.Path;
import java.util.Locale;

import javax.imageio.ImageIO;

/**
 * The few drawing operations a {@link LineChart} needs, so that one layout gives both the SVG and
 * the PNG file. Coordinates are pixels from the top left; colours are {@code #rrggbb}.
 */
interface Canvas {
    enum Anchor { START, MIDDLE, END }

    void line(double x1, double y1, double x2, double y2, String color, double width, boolean dashed);

    void dot(double x, double y, double radius, String color);

    /** Text whose baseline starts, is centred or ends at (x, y); rotated a quarter turn anticlockwise if {@code vertical}. */
    void text(double x, double y, String text, Anchor anchor, int size, boolean vertical);

    /** The document as SVG text. */
    final class Svg implements Canvas {
        private final StringBuilder svg = new StringBuilder();

        Svg(int width, int height) {
            svg.append(String.format(Locale.ROOT, "<svg xmlns=\"http://www.w3.org/2000/svg\" width=\"%d\" height=\"%d\" "
                    + "viewBox=\"0 0 %d %d\" font-family=\"sans-serif\">%n<rect width=\"100%%\" height=\"100%%\" fill=\"#ffffff\"/>%n",
                    width, height, width, height));
        }

        @Override
        public void line(double x1, double y1, double x2, double y2, String color, double width, boolean dashed) {
            svg.append(String.format(Locale.ROOT, "<line x1=\"%.1f\" y1=\"%.1f\" x2=\"%.1f\" y2=\"%.1f\" stroke=\"%s\" "
                    + "stroke-width=\"%.1f\"%s/>%n", x1, y1, x2, y2, color, width, dashed ? " stroke-dasharray=\"6,4\"" : ""));
        }

        @Override
        public void dot(double x, double y, double radius, String color) {
            svg.append(String.format(Locale.ROOT, "<circle cx=\"%.1f\" cy=\"%.1f\" r=\"%.1f\" fill=\"%s\"/>%n", x, y, radius, color));
        }

        @Override
        public void text(double x, double y, String text, Anchor anchor, int size, boolean vertical) {
            svg.append(String.format(Locale.ROOT, "<text x=\"%.1f\" y=\"%.1f\" font-size=\"%d\" text-anchor=\"%s\"%s>%s</text>%n",
                    x, y, size, anchor.name().toLowerCase(Locale.ROOT),
                    vertical ? String.format(Locale.ROOT, " transform=\"rotate(-90 %.1f %.1f)\"", x, y) : "", escape(text)));
        }

        String document() {
            return svg + "</svg>\n";
        }

        private static String escape(String text) {
            return text.replace("&", "&amp;").replace("<", "&lt;").replace(">", "&gt;");
        }
    }

    /** A bitmap drawn with Java2D, headless. */
    final class Png implements Canvas {
        private final BufferedImage image;
        private final Graphics2D graphics;

        Png(int width, int height) {
            image = new BufferedImage(width, height, BufferedImage.TYPE_INT_RGB);
            graphics = image.createGraphics();
            graphics.setRenderingHint(RenderingHints.KEY_ANTIALIASING, RenderingHints.VALUE_ANTIALIAS_ON);
            graphics.setRenderingHint(RenderingHints.KEY_TEXT_ANTIALIASING, RenderingHints.VALUE_TEXT_ANTIALIAS_ON);
            graphics.setColor(Color.WHITE);
            graphics.fillRect(0, 0, width, height);
        }

        @Override
        public void line(double x1, double y1, double x2, double y2, String color, double width, boolean dashed) {
            graphics.setColor(Color.decode(color));
            graphics.setStroke(dashed
                    ? new BasicStroke((float) width, BasicStroke.CAP_BUTT, BasicStroke.JOIN_ROUND, 1, new float[] {6, 4}, 0)
                    : new BasicStroke((float) width));
            graphics.drawLine((int) Math.round(x1), (int) Math.round(y1), (int) Math.round(x2), (int) Math.round(y2));
        }

        @Override
        public void dot(double x, double y, double radius, String color) {
            graphics.setColor(Color.decode(color));
            int d = (int) Math.round(2 * radius);
            graphics.fillOval((int) Math.round(x - radius), (int) Math.round(y - radius), d, d);
        }

        @Override
        public void text(double x, double y, String text, Anchor anchor, int size, boolean vertical) {
            graphics.setColor(Color.BLACK);
            graphics.setFont(new Font(Font.SANS_SERIF, Font.PLAIN, size));
            int width = graphics.getFontMetrics().stringWidth(text);
            double shift = switch (anchor) {
                case START -> 0;
                case MIDDLE -> width / 2.0;
                case END -> width;
            };
            Graphics2D g = (Graphics2D) graphics.create();
            g.translate(x, y);
            if (vertical) {
                g.rotate(-Math.PI / 2);
            }
            g.drawString(text, (float) -shift, 0f);
            g.dispose();
        }

        void write(Path file) throws IOException {
            graphics.dispose();
            ImageIO.write(image, "png", file.toFile());
        }
    }
}
