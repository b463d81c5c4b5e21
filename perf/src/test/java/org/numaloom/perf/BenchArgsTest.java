package org.numaloom.perf;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.List;
import java.util.Optional;

import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.MethodSource;
import org.numaloom.perf.bench.Exclusion;
import org.numaloom.perf.config.BenchConfig;
import org.numaloom.perf.config.BenchKind;

import static org.junit.jupiter.api.Assertions.assertDoesNotThrow;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

class BenchArgsTest {

    @Test
    void defaults() {
        BenchArgs args = BenchArgs.parse();
        assertEquals(Optional.empty(), args.config());
        assertFalse(args.quick());
        assertEquals(List.of(), args.locks());
        assertEquals(List.of(), args.threads());
        assertEquals("none", args.pin());
        assertEquals(0, args.parallelism());
        assertEquals(Optional.empty(), args.topology());
        assertEquals(0, args.remoteCostNanos());
        assertEquals(Optional.empty(), args.out());
        assertEquals(Optional.empty(), args.gate());
        assertEquals(Optional.empty(), args.timeLimit());
        assertFalse(args.help());
    }

    @Test
    void everyOption() {
        BenchArgs args = BenchArgs.parse("--config", "high", "--quick", "--lock", "mcs,NUMA_MCS", "--lock", "SYNCHRONIZED",
                "--threads", "64,2", "--pin", "nodes=0", "--parallelism", "3", "--topology", "2 nodes x 1 cpus", "--remote-cost-ns", "130", "--out", "somewhere",
                "--gate", "ci/perf-thresholds.txt", "--time-limit", "540", "--help");
        assertEquals(Optional.of("high"), args.config());
        assertTrue(args.quick());
        assertEquals(List.of("mcs", "NUMA_MCS", "SYNCHRONIZED"), args.locks(), "names are resolved with the config");
        assertEquals(List.of(64, 2), args.threads());
        assertEquals("nodes=0", args.pin());
        assertEquals(3, args.parallelism());
        assertEquals(Optional.of("2 nodes x 1 cpus"), args.topology());
        assertEquals(130, args.remoteCostNanos());
        assertEquals(Optional.of(Path.of("somewhere")), args.out());
        assertEquals(Optional.of(Path.of("ci/perf-thresholds.txt")), args.gate());
        assertEquals(Optional.of(Duration.ofSeconds(540)), args.timeLimit());
        assertTrue(args.help());
    }

    @Test
    void unknownOption() {
        assertEquals("unknown option '--fast'", failure("--fast"));
    }

    @Test
    void threadCountThatIsNotANumber() {
        String message = failure("--threads", "2,four");
        assertTrue(message.contains("'four' is not a number"), message);
        assertTrue(message.contains("e.g. 2,4,16,64"), message);
    }

    @Test
    void countsBelowOne() {
        assertEquals("--threads value 0 is too small; expected at least 1", failure("--threads", "0"));
        assertEquals("--parallelism value -2 is too small; expected at least 1", failure("--parallelism", "-2"));
    }

    @Test
    void remoteCostsThatAreNoNumberOrOutOfRange() {
        assertEquals("--remote-cost-ns value '130ns' is not a number; expected whole nanoseconds, e.g. --remote-cost-ns 130",
                failure("--remote-cost-ns", "130ns"));
        assertEquals("--remote-cost-ns value -1 is out of range; expected 0 (off) to 100000 ns (a cross-node cache-line"
                + " transfer costs around 100-300 ns)", failure("--remote-cost-ns", "-1"));
        assertTrue(failure("--remote-cost-ns", "100001").startsWith("--remote-cost-ns value 100001 is out of range"));
        assertEquals(100_000, BenchArgs.parse("--remote-cost-ns", "100000").remoteCostNanos(), "the bound itself");
        assertEquals("--time-limit value '9m' is not a number; expected whole numbers >= 1", failure("--time-limit", "9m"));
        assertEquals("--time-limit value 0 is too small; expected at least 1", failure("--time-limit", "0"));
    }

    @Test
    void optionWithoutValue() {
        assertEquals("option --lock needs a value", failure("--lock"));
        assertEquals("option --threads needs a value", failure("--threads", "--quick"));
        assertEquals("option --topology needs a value", failure("--topology", "--pin", "carriers"));
    }

    @Test
    void usageListsTheKnownNamesAndBaselines() {
        assertTrue(BenchArgs.usage("").contains(String.join(", ", Exclusion.names())));
        assertTrue(BenchArgs.usage("").contains(String.join(", ", Exclusion.BASELINES)));
    }

    @Test
    void usageListsEveryBench() {
        for (BenchKind kind : BenchKind.values()) {
            assertTrue(BenchArgs.usage("").contains("  " + kind.configName() + " "), kind.configName());
        }
        assertTrue(BenchArgs.usage("").contains("shortSection         the classic lock microbenchmark: counter++ under the lock"),
                BenchArgs.usage(""));
    }

    /**
     * Every config the kit ships under a name for {@code --config} reads without an error, and says
     * in one line of the help what it is for.
     */
    @ParameterizedTest
    @MethodSource("namedConfigs")
    void everyNamedConfigReadsAndDescribesItself(String name) {
        BenchConfig config = assertDoesNotThrow(() -> BenchConfig.read(Path.of("configs", name + ".json")), "--config " + name);
        assertFalse(config.description().isEmpty(), "--config " + name + " has no description for --help");
        assertTrue(config.description().length() <= MAX_DESCRIPTION, "--config " + name + "'s description fits one line"
                + " of the help (at most " + MAX_DESCRIPTION + " characters): " + config.description());
    }

    @Test
    void theHelpListsTheNamedConfigsFromTheFilesThemselves(@TempDir Path configs) throws IOException {
        Files.writeString(configs.resolve("mine.json"), """
                {"description": "my two locks", "benches": [{"name": "text", "payload": {"threads": [2]}}]}""");
        Files.writeString(configs.resolve("broken.json"), "{\"benches\": []}");
        String listing = BenchMain.describeNamedConfigs(configs);
        assertEquals("  broken               does not read: " + configs.resolve("broken.json")
                + ": benches: no bench to run (the list is empty or every bench is skipped)\n"
                + "  mine                 my two locks\n", listing);
        assertTrue(BenchArgs.usage(listing).contains("Named configs (perf/configs/NAME.json):\n" + listing));
        assertTrue(BenchMain.describeNamedConfigs(Path.of("configs")).contains("  manycore             three benches at"));
    }

    /** The longest description that keeps a config's line of the help within 100 columns. */
    private static final int MAX_DESCRIPTION = 78;

    static List<String> namedConfigs() throws IOException {
        return BenchMain.namedConfigs(Path.of("configs"));
    }

    @Test
    void configNamesResolveUnderTheHome() throws Exception {
        String home = System.getProperty(BenchMain.HOME_PROPERTY);
        try {
            System.setProperty(BenchMain.HOME_PROPERTY, "..");
            assertEquals(Path.of("..", "perf", "configs", "quick.json"), BenchMain.configFile("quick"));
            assertEquals(Path.of("configs/high.json"), BenchMain.configFile("configs/high.json"), "a file as it is");
            IllegalArgumentException e = assertThrows(IllegalArgumentException.class,
                    () -> BenchMain.configFile("no-such-config"));
            assertTrue(e.getMessage().startsWith("--config no-such-config: no such file, and no "), e.getMessage());
            assertTrue(e.getMessage().endsWith("; named configs: high, locality, low, manycore, quick, remote-cost, spin, text"), e.getMessage());
            IllegalArgumentException directory = assertThrows(IllegalArgumentException.class, () -> BenchMain.configFile("configs"));
            assertTrue(directory.getMessage().startsWith("--config configs: a directory, not a config file; named configs: "),
                    directory.getMessage());
        } finally {
            if (home == null) {
                System.clearProperty(BenchMain.HOME_PROPERTY);
            } else {
                System.setProperty(BenchMain.HOME_PROPERTY, home);
            }
        }
    }

    private static String failure(String... args) {
        return assertThrows(IllegalArgumentException.class, () -> BenchArgs.parse(args)).getMessage();
    }
}
