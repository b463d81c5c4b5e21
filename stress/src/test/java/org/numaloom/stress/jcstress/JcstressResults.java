package org.numaloom.stress.jcstress;

import java.io.IOException;
import java.io.PrintStream;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.TreeMap;
import java.util.stream.Collectors;

import org.openjdk.jcstress.annotations.Expect;
import org.openjdk.jcstress.infra.Status;
import org.openjdk.jcstress.infra.collectors.DiskReadCollector;
import org.openjdk.jcstress.infra.collectors.InProcessCollector;
import org.openjdk.jcstress.infra.collectors.TestResult;
import org.openjdk.jcstress.infra.grading.GradingResult;

/**
 * The outcome of one jcstress run, per lock and test: passed or failed, the samples taken, and the
 * forbidden outcomes seen.
 *
 * <p>jcstress reports a result per test and JVM configuration; a test passes here only if every
 * configuration passed (right outcomes, and no error, crash or time-out). A test that was asked for
 * and has no result, or no sample, counts as failed: a run that silently skipped tests must not
 * look green.
 */
public final class JcstressResults {
    /** Where the generated tests live: {@code PREFIX + LOCK + '.' + TEST}. */
    static final String TEST_PREFIX = "org.numaloom.stress.jcstress.generated.";
    static final String SUMMARY_FILE = "summary.tsv";

    /** One lock's one test, over every JVM configuration jcstress ran it in. */
    public record Verdict(String lock, String test, boolean passed, long samples, String failure) {
        String line() {
            return String.join("\t", lock, test, passed ? "passed" : "FAILED", Long.toString(samples), failure);
        }

        static Verdict parse(String line) {
            String[] fields = line.split("\t", -1);
            return new Verdict(fields[0], fields[1], fields[2].equals("passed"), Long.parseLong(fields[3]), fields[4]);
        }
    }

    private final List<Verdict> verdicts;

    JcstressResults(List<Verdict> verdicts) {
        this.verdicts = List.copyOf(verdicts);
    }

    public List<Verdict> verdicts() {
        return verdicts;
    }

    public List<Verdict> of(String lock) {
        return verdicts.stream().filter(verdict -> verdict.lock().equals(lock)).toList();
    }

    /**
     * Reads jcstress's binary result file, and grades every test that was asked for.
     *
     * @param expectedTests the full jcstress names of the tests run
     */
    static JcstressResults read(Path resultFile, List<String> expectedTests) throws IOException, ClassNotFoundException {
        InProcessCollector collector = new InProcessCollector();
        DiskReadCollector reader = new DiskReadCollector(resultFile.toString(), collector);
        try {
            reader.dump();
        } finally {
            reader.close();
        }
        Map<String, List<TestResult>> byTest = new TreeMap<>();
        for (TestResult result : collector.getTestResults()) {
            byTest.computeIfAbsent(result.getName(), name -> new ArrayList<>()).add(result);
        }
        List<Verdict> verdicts = new ArrayList<>();
        for (String test : expectedTests) {
            verdicts.add(grade(test, byTest.getOrDefault(test, List.of())));
        }
        return new JcstressResults(verdicts);
    }

    private static Verdict grade(String test, List<TestResult> results) {
        String[] lockAndTest = test.substring(TEST_PREFIX.length()).split("\\.", 2);
        if (results.isEmpty()) {
            return new Verdict(lockAndTest[0], lockAndTest[1], false, 0, "no result: jcstress did not run it");
        }
        long samples = 0;
        boolean passed = true;
        List<String> failures = new ArrayList<>();
        Map<String, Long> forbidden = new LinkedHashMap<>();
        for (TestResult result : results) {
            samples += result.getTotalCount();
            boolean configPassed = result.status() == Status.NORMAL && result.grading().isPassed;
            passed &= configPassed;
            if (result.status() != Status.NORMAL) {
                failures.add(result.status().name() + firstException(result));
            }
            for (GradingResult outcome : result.grading().gradingResults.values()) {
                if (outcome.expect != Expect.ACCEPTABLE && outcome.expect != Expect.ACCEPTABLE_INTERESTING
                        && outcome.count > 0) {
                    forbidden.merge(outcome.id, outcome.count, Long::sum);
                }
            }
        }
        forbidden.forEach((id, count) -> failures.add("\"" + id + "\" x" + count));
        if (samples == 0) {
            passed = false;
            failures.add("no sample taken");
        }
        return new Verdict(lockAndTest[0], lockAndTest[1], passed, samples,
                failures.stream().distinct().collect(Collectors.joining(", ")));
    }

    /** The first exception jcstress recorded for a failed run, as " (Exception: message)". */
    private static String firstException(TestResult result) {
        return result.getMessages().stream().map(String::strip)
                .filter(line -> line.contains("Exception") || line.contains("Error:") || line.startsWith("Timeout"))
                .findFirst().map(line -> " (" + (line.length() > 160 ? line.substring(0, 160) + "..." : line) + ")")
                .orElse("");
    }

    /** The table for people: one line per lock and test. */
    void printTable(PrintStream out) {
        int lockWidth = Math.max(4, verdicts.stream().mapToInt(v -> v.lock().length()).max().orElse(0));
        int testWidth = Math.max(4, verdicts.stream().mapToInt(v -> v.test().length()).max().orElse(0));
        String format = "%-" + lockWidth + "s  %-" + testWidth + "s  %-6s  %,14d  %s%n";
        out.printf("%-" + lockWidth + "s  %-" + testWidth + "s  %-6s  %14s  %s%n", "lock", "test", "result", "samples",
                "forbidden outcomes / errors");
        for (Verdict verdict : verdicts) {
            out.printf(format, verdict.lock(), verdict.test(), verdict.passed() ? "passed" : "FAILED",
                    verdict.samples(), verdict.failure());
        }
    }

    /** The table for programs (tab-separated), which JcstressSuiteTest reads. */
    void write(Path reportDir) throws IOException {
        List<String> lines = new ArrayList<>();
        lines.add("lock\ttest\tresult\tsamples\tfailure");
        verdicts.forEach(verdict -> lines.add(verdict.line()));
        Files.write(reportDir.resolve(SUMMARY_FILE), lines, StandardCharsets.UTF_8);
    }

    public static JcstressResults readSummary(Path reportDir) throws IOException {
        List<String> lines = Files.readAllLines(reportDir.resolve(SUMMARY_FILE), StandardCharsets.UTF_8);
        return new JcstressResults(lines.stream().skip(1).map(Verdict::parse).toList());
    }
}
