package org.numaloom.cli;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.ByteArrayOutputStream;
import java.io.PrintStream;
import java.nio.charset.StandardCharsets;

import org.junit.jupiter.api.Test;

class LocksCommandTest {
    private final ByteArrayOutputStream out = new ByteArrayOutputStream();
    private final ByteArrayOutputStream err = new ByteArrayOutputStream();

    private int run(String... args) {
        return LocksCommand.run(args, new PrintStream(out, true, StandardCharsets.UTF_8),
                new PrintStream(err, true, StandardCharsets.UTF_8));
    }

    @Test
    void topologyOfASpecShowsItsNodesAndWhereThisThreadRuns() {
        assertEquals(0, run("topology", "--topology", "2 nodes x 2 clusters x 4 cpus"));
        String shown = out.toString(StandardCharsets.UTF_8);
        assertTrue(shown.contains("2 nodes"), shown);
        assertTrue(shown.contains("this thread:"), shown);
    }

    @Test
    void aBadSpecIsUsageErrorNamingTheSpec() {
        assertEquals(2, run("topology", "--topology", "0 nodes x 4 cpus"));
        assertTrue(err.toString(StandardCharsets.UTF_8).contains("\"0 nodes x 4 cpus\""), err.toString(StandardCharsets.UTF_8));
    }

    @Test
    void locksListsTheRegistry() {
        assertEquals(0, run("locks"));
        String shown = out.toString(StandardCharsets.UTF_8);
        assertTrue(shown.contains("NUMA_MCS") && shown.contains("FAIR_REENTRANT"), shown);
    }

    @Test
    void anUnknownCommandIsAUsageError() {
        assertEquals(2, run("frobnicate"));
        assertTrue(err.toString(StandardCharsets.UTF_8).startsWith("usage:"));
    }
}
