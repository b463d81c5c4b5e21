package org.numaloom.perf.report;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;

import javax.imageio.ImageIO;
import javax.xml.parsers.DocumentBuilderFactory;

import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.w3c.dom.Document;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

class LineChartTest {

    @Test
    void niceCeilings() {
        assertEquals(1, LineChart.niceCeiling(0));
        assertEquals(500_000, LineChart.niceCeiling(439_050));
        assertEquals(250, LineChart.niceCeiling(201));
        assertEquals(10_000, LineChart.niceCeiling(8_200));
        assertEquals(2, LineChart.niceCeiling(2));
    }

    @Test
    void compactLabels() {
        assertEquals("400k", LineChart.compact(400_000));
        assertEquals("1.5M", LineChart.compact(1_500_000));
        assertEquals("2.5", LineChart.compact(2.5));
        assertEquals("64", LineChart.compact(64));
    }

    @Test
    void writesWellFormedSvgAndAPngOfTheSameSize(@TempDir Path dir) throws Exception {
        LineChart chart = new LineChart("High & <low>", "threads", "actions/s", true, List.of(
                new LineChart.Series("NUMA_MCS", List.of(new LineChart.Point(2, 400_000), new LineChart.Point(64, 380_000)), false),
                new LineChart.Series("ideal", List.of(new LineChart.Point(2, 450_000), new LineChart.Point(64, 450_000)), true)));
        chart.writeSvg(dir, "high");
        chart.writePng(dir, "high");
        Document svg = DocumentBuilderFactory.newInstance().newDocumentBuilder().parse(dir.resolve("high.svg").toFile());
        assertEquals(2, svg.getElementsByTagName("circle").getLength(), "a dot per point of the solid series only");
        String text = Files.readString(dir.resolve("high.svg"));
        assertTrue(text.contains(">NUMA_MCS<") && text.contains(">ideal<") && text.contains("High &amp; &lt;low&gt;"), text);
        assertEquals(LineChart.WIDTH, ImageIO.read(dir.resolve("high.png").toFile()).getWidth());
    }

    @Test
    void oneThreadCountStillDraws(@TempDir Path dir) throws IOException {
        new LineChart("one", "x", "y", true, List.of(new LineChart.Series("A", List.of(new LineChart.Point(4, 1)), false)))
                .writePng(dir, "one");
        assertEquals(LineChart.HEIGHT, ImageIO.read(dir.resolve("one.png").toFile()).getHeight());
    }
}
