package org.numaloom.stress.jcstress;

import java.io.ByteArrayOutputStream;
import java.io.IOException;
import java.io.OutputStream;
import java.nio.charset.StandardCharsets;
import java.util.function.Consumer;
import java.util.regex.Matcher;
import java.util.regex.Pattern;

/**
 * Passes jcstress's console output on unchanged and, line by line, watches its progress count for
 * the first test that failed or erred ({@link #reportsAFailure}), then tells its owner, once, with
 * the last verdict line that was not {@code [OK]} (which test, and how it failed).
 *
 * <p>For a run whose first failure is its verdict (a mutant's, {@code --stop-at-first-failure}):
 * a lock that loses a wake-up leaves test after test to jcstress's own time-out, 30 s or more
 * each, where the first already says the lock is broken.
 */
final class FailureWatch extends OutputStream {
    /** jcstress 0.16's line for a test that did not pass: dots, the status in brackets, the test. */
    private static final Pattern VERDICT = Pattern.compile("\\[([A-Z_]+)\\] (\\S+)$");
    /** jcstress 0.16's progress line, printed at most every 15 s and at the end. */
    private static final Pattern RESULTS = Pattern.compile(
            "\\(Results: \\d+ planned; \\d+ passed, (\\d+) failed, \\d+ soft errs, (\\d+) hard errs\\)");

    private final OutputStream console;
    private final Consumer<String> onFirstFailure;
    private final ByteArrayOutputStream line = new ByteArrayOutputStream();
    private String lastVerdict = "no verdict line seen";
    private boolean told;

    /** @param onFirstFailure given the last verdict line that was not {@code [OK]} ({@link #verdictOf}) */
    FailureWatch(OutputStream console, Consumer<String> onFirstFailure) {
        this.console = console;
        this.onFirstFailure = onFirstFailure;
    }

    /** Whether a line of jcstress's output counts a failed test or a hard error (a time-out, a VM error). */
    static boolean reportsAFailure(String line) {
        Matcher results = RESULTS.matcher(line);
        return results.find() && (Long.parseLong(results.group(1)) > 0 || Long.parseLong(results.group(2)) > 0);
    }

    /** The status and test of a verdict line that is not {@code [OK]} ("ERROR ...NUMA_MCS.Visibility"), or null. */
    static String verdictOf(String line) {
        Matcher verdict = VERDICT.matcher(line.strip());
        return verdict.find() && !verdict.group(1).equals("OK") ? verdict.group(1) + " " + verdict.group(2) : null;
    }

    @Override
    public synchronized void write(int b) throws IOException {
        console.write(b);
        if (b == '\n' || b == '\r') {
            endLine();
        } else {
            line.write(b);
        }
    }

    @Override
    public synchronized void write(byte[] bytes, int offset, int length) throws IOException {
        for (int i = offset; i < offset + length; i++) {
            write(bytes[i]);
        }
    }

    @Override
    public synchronized void flush() throws IOException {
        console.flush();
    }

    private void endLine() {
        String text = line.toString(StandardCharsets.UTF_8);
        line.reset();
        String verdict = verdictOf(text);
        if (verdict != null) {
            lastVerdict = verdict;
        }
        if (!told && reportsAFailure(text)) {
            told = true;
            onFirstFailure.accept(lastVerdict);
        }
    }
}
