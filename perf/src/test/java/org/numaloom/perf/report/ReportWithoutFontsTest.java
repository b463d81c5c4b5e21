package org.numaloom.perf.report;

import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.concurrent.TimeUnit;
import java.util.stream.Stream;

import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.numaloom.perf.config.BenchConfig;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;
import static org.junit.jupiter.api.Assumptions.assumeTrue;

/**
 * The report of a machine whose Java2D finds no font, drawn in a child JVM with the fonts really
 * hidden: Java2D's own {@code java.lang.Error: Probable fatal error: No physical fonts found.}, not
 * a stand-in.
 *
 * <p>How they are hidden: {@code FONTCONFIG_FILE} names a fontconfig configuration without a font
 * directory, and the JDK's cache of what fontconfig once said ({@code fcinfo-*.properties} under
 * {@code ~/.java/fonts/<version>/}, here a private {@code user.home}) names font files that are not
 * there. The JDK believes the cache, registers none of its files, and throws that error on the first
 * text drawn. An empty fontconfig alone is not enough: the JDK then fails earlier, with a
 * {@code RuntimeException} ("Fontconfig head is null"), which the report always survived. The cache
 * is the JDK's own, written by a first child run on this machine's fonts and then pointed at a
 * directory that does not exist; where no such cache appears (no fontconfig, another JDK) the test
 * is skipped.
 */
class ReportWithoutFontsTest {
    private static final long CHILD_SECONDS = 120;

    @Test
    void theReportAndItsSvgsSurviveAJava2dThatFindsNoFont(@TempDir Path dir) throws Exception {
        Path home = Files.createDirectories(dir.resolve("home"));
        Child withFonts = Child.run(dir.resolve("with-fonts"), home, Map.of());
        assertEquals(0, withFonts.exitCode(), withFonts.output());
        Path cache = jdkFontCache(home);
        assumeTrue(cache != null, "this JDK wrote no fontconfig cache under " + home + "; the fonts cannot be hidden");
        assumeTrue(Files.exists(withFonts.out().resolve("high.png")), "this machine cannot draw a PNG even with its fonts");

        pointAtMissingFiles(cache, dir.resolve("no-such-fonts"));
        Child withoutFonts = Child.run(dir.resolve("without-fonts"), home,
                Map.of("FONTCONFIG_FILE", emptyFontconfig(dir).toString()));

        assertEquals(0, withoutFonts.exitCode(), withoutFonts.output());
        Path out = withoutFonts.out();
        String md = Files.readString(out.resolve("report.md"));
        assertTrue(md.contains("No physical fonts found"), "the fonts were not hidden as planned, or report.md "
                + "does not say why it has no PNG:\n" + md);
        assertEquals(1, md.split("No physical fonts found", -1).length - 1, "said once, not per chart:\n" + md);
        for (String stem : List.of("high", "words")) {
            assertTrue(Files.size(out.resolve(stem + ".svg")) > 0, stem + ".svg");
            assertFalse(Files.exists(out.resolve(stem + ".png")), stem + ".png");
        }
    }

    /** The {@code fcinfo-*.properties} the JDK wrote under {@code home}, or null. */
    private static Path jdkFontCache(Path home) throws IOException {
        Path fonts = home.resolve(".java").resolve("fonts");
        if (!Files.isDirectory(fonts)) {
            return null;
        }
        try (Stream<Path> files = Files.walk(fonts)) {
            return files.filter(f -> f.getFileName().toString().startsWith("fcinfo-")).findFirst().orElse(null);
        }
    }

    /**
     * Every font file of the cache moved to {@code missing}, and its fontconfig cache directories
     * dropped: the JDK rereads fontconfig when one of those is newer than the cache.
     */
    private static void pointAtMissingFiles(Path cache, Path missing) throws IOException {
        List<String> lines = new ArrayList<>();
        for (String line : Files.readAllLines(cache, StandardCharsets.ISO_8859_1)) {
            if (line.startsWith("cachedir.")) {
                continue;
            }
            int file = line.indexOf(".file=");
            lines.add(file < 0 ? line : line.substring(0, file) + ".file=" + missing.resolve("font" + lines.size() + ".ttf"));
        }
        Files.write(cache, lines, StandardCharsets.ISO_8859_1);
    }

    private static Path emptyFontconfig(Path dir) throws IOException {
        return Files.writeString(dir.resolve("fonts.conf"), """
                <?xml version="1.0"?>
                <!DOCTYPE fontconfig SYSTEM "fonts.dtd">
                <fontconfig><cachedir>%s</cachedir></fontconfig>
                """.formatted(dir.resolve("fontconfig-cache")));
    }

    /** A child JVM that writes a report of two benches to {@code out}, and how it ended. */
    record Child(Path out, int exitCode, String output) {
        private static final BenchConfig CONFIG = BenchConfig.parse("""
                {"benches": [
                  {"name": "consumeCpu", "payload": {"title": "High", "actionsCount": 640, "beforeCpuTokens": 0,
                    "inCpuTokens": 1000, "yieldInCrit": true, "threads": [2, 8], "locks": [{"name": "MCS"}]}},
                  {"name": "text", "payload": {"title": "Words", "lines": 1000, "threads": [2]}}]}""", "mem.json");

        public static void main(String[] args) throws IOException {
            Spread spread = Spread.of(1, 2, 3);
            List<Compared> rows = Compared.compare(List.of(
                    Measurement.of("high", "MCS", 2, 400_000, "actions/s", 2, spread),
                    Measurement.of("high", "MCS", 8, 380_000, "actions/s", 2, spread),
                    Measurement.of("words", "MCS", 2, 150_000, "lines/s", 2, spread)));
            Report.write(Path.of(args[0]), new Report.RunInfo("20261124-120000", "numaloom bench", "mem.json", "",
                    List.of(), List.of(), List.of(), null, 2, List.of()), CONFIG.benches(), rows);
        }

        static Child run(Path out, Path home, Map<String, String> environment) throws IOException, InterruptedException {
            Files.createDirectories(out);
            Path log = out.resolveSibling(out.getFileName() + ".log");
            ProcessBuilder builder = new ProcessBuilder(Path.of(System.getProperty("java.home"), "bin", "java").toString(),
                    "-Djava.awt.headless=true", "-Duser.home=" + home, "-cp", testClassPath(), Child.class.getName(),
                    out.toString()).redirectErrorStream(true).redirectOutput(log.toFile());
            builder.environment().putAll(environment);
            Process process = builder.start();
            if (!process.waitFor(CHILD_SECONDS, TimeUnit.SECONDS)) {
                process.destroyForcibly().waitFor();
            }
            return new Child(out, process.exitValue(), Files.readString(log, StandardCharsets.UTF_8));
        }

        private static String testClassPath() {
            String surefire = System.getProperty("surefire.test.class.path");
            return surefire != null && !surefire.isBlank() ? surefire : System.getProperty("java.class.path");
        }
    }
}
