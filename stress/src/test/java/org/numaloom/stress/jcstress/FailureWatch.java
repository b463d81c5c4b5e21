package org.numaloom.stress.jcstress;

import java.io.ByteArrayOutputStream;
import java.io.IOException;
import java.io.OutputStream;
import java.nio.charset.StandardCharsets;
import java.util.regex.Matcher;
import java.util.regex.Pattern;

/**
 * Passes jcstress's console output on unchanged and, line by line, watches its progress count for
 * the first test that failed or erred ({@link #reportsAFailure}), then tells its owner, once.
 *
 * <p>For a run whose first failure is its verdict (a mutant's, {@code --stop-at-first-failure}):
 * a lock that loses a wake-up leaves test after test to jcstress's own time-out, 30 s or more
 * each, where the first already says the lock is broken.
 */
final class FailureWatch extends OutputStream {
    /** jcstress 0.16's progress line, printed at most every 15 s and at the end. */
    private static final Pattern RESULTS = Pattern.compile(
            "\\(Results: \\d+ planned; \\d+ passed, (\\d+) failed, \\d+ soft errs, (\\d+) hard errs\\)");

    private final OutputStream console;
    private final Runnable onFirstFailure;
    private final ByteArrayOutputStream line = new ByteArrayOutputStream();
    private boolean told;

    FailureWatch(OutputStream console, Runnable onFirstFailure) {
        this.console = console;
        this.onFirstFailure = onFirstFailure;
    }

    /** Whether a line of jcstress's output counts a failed test or a hard error (a time-out, a VM error). */
    static boolean reportsAFailure(String line) {
        Matcher results = RESULTS.matcher(line);
        return results.find() && (Long.parseLong(results.group(1)) > 0 || Long.parseLong(results.group(2)) > 0);
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
        if (!told && reportsAFailure(line.toString(StandardCharsets.UTF_8))) {
            told = true;
            onFirstFailure.run();
        }
        line.reset();
    }
}
