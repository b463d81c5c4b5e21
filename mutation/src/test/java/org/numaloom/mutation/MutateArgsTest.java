package org.numaloom.mutation;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.Map;
import java.util.Set;

import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.numaloom.mutation.sample.Sample;

class MutateArgsTest {
    private static final Path OUT = Path.of("out");

    @Test
    void defaultsAreTheKitsLocksEveryOperatorAndTheTwoFastLayers() {
        MutateArgs args = MutateArgs.parse(new String[0], OUT);
        assertEquals(List.of("NUMA_MCS", "CNA", "MCS"), args.locks());
        assertEquals(Set.of(Operator.values()), args.operators());
        assertEquals(List.of(Layer.JUNIT, Layer.VTHREADS), List.copyOf(args.layers()));
    }

    @Test
    void badArgumentsSayWhatIsWrong() {
        assertMessage("unknown option '--fast'", "--fast");
        assertMessage("--jobs needs a positive integer, got '0'", "--jobs", "0");
        assertMessage("--lock needs a lock name", "--lock");
        assertMessage("unknown layer 'pit'; layers: junit, jcstress, lincheck, vthreads", "--layer", "pit");
        assertMessage("unknown operator 'RSK'; operators: PLAIN_FIELD", "--operator", "RSK");
    }

    @Test
    void aMutantsFileNamingAMutantTheCodeNoLongerHasIsAnError(@TempDir Path dir) throws Exception {
        Path file = Files.writeString(dir.resolve("ids.txt"), """
                # the fixed subset
                UNPARK_REMOVED:Sample.wake#0
                UNPARK_REMOVED:Sample.gone#0
                """);
        MutateArgs args = MutateArgs.parse(new String[] {"--mutants", file.toString()}, OUT);
        Map<String, Mutator> mutators = Map.of("SAMPLE", new Mutator("SAMPLE", Sample.class));
        IllegalArgumentException error = assertThrows(IllegalArgumentException.class, () -> MutateMain.select(args, mutators));
        assertTrue(error.getMessage().contains("no longer has: UNPARK_REMOVED:Sample.gone#0"), error.getMessage());

        Files.writeString(file, "UNPARK_REMOVED:Sample.wake#0  # the only unpark\n");
        assertEquals(List.of("UNPARK_REMOVED:Sample.wake#0"),
                MutateMain.select(args, mutators).stream().map(Mutant::id).toList());
    }

    /**
     * A mutants file that is missing or a directory, or an output directory that is a file, is a
     * usage error that says so (before: a {@code NoSuchFileException}'s or
     * {@code FileAlreadyExistsException}'s stack trace).
     */
    @Test
    void aMissingMutantsFileOrAnOutputThatIsAFileIsNamed(@TempDir Path dir) throws Exception {
        Map<String, Mutator> mutators = Map.of("SAMPLE", new Mutator("SAMPLE", Sample.class));
        Path missing = dir.resolve("ids.txt");
        MutateArgs args = MutateArgs.parse(new String[] {"--mutants", missing.toString()}, OUT);
        assertEquals("--mutants " + missing + ": no such file; name a file of mutant ids, one per line as --list prints them"
                        + " (ci/mutants-numa-mcs.txt is one)",
                assertThrows(IllegalArgumentException.class, () -> MutateMain.select(args, mutators)).getMessage());

        Path file = Files.writeString(dir.resolve("a-file"), "");
        assertEquals("--out " + file + ": exists and is not a directory; name a directory (it is created if missing)",
                assertThrows(IllegalArgumentException.class, () -> MutateMain.createOutputDirectory(file)).getMessage());
        assertTrue(assertThrows(IllegalArgumentException.class, () -> MutateMain.createOutputDirectory(file.resolve("run")))
                .getMessage().startsWith("--out " + file.resolve("run") + ": cannot be created ("));
        MutateMain.createOutputDirectory(dir.resolve("new/run"));
        assertTrue(Files.isDirectory(dir.resolve("new/run")), "the output directory was not made");
    }

    /**
     * An output directory that holds a run (or one still running) is refused before any mutant is
     * written: two runs in one directory overwrite each other's mutants.csv and report.md, and one
     * run's mutant classes and logs replace the other's under the same names (before: taken
     * silently; a mutant of one run then found no class and was counted as killed).
     */
    @Test
    void anOutputDirectoryThatHoldsARunIsRefused(@TempDir Path dir) throws Exception {
        for (String earlier : List.of("mutants.csv", "report.md", "mutants", "logs")) {
            Path out = Files.createDirectories(dir.resolve("run-with-" + earlier));
            Files.createDirectories(out.resolve(earlier));
            assertEquals("--out " + out + ": holds an earlier run (" + earlier
                            + "), which this one would overwrite; name a new directory, or move that run away",
                    assertThrows(IllegalArgumentException.class, () -> MutateMain.createOutputDirectory(out)).getMessage());
        }
        Path unrelated = Files.createDirectories(dir.resolve("other"));
        Files.writeString(unrelated.resolve("notes.txt"), "not a run");
        MutateMain.createOutputDirectory(unrelated);
    }

    @Test
    void quickKeepsTheFirstSiteOfEachOperator() throws Exception {
        MutateArgs args = MutateArgs.parse(new String[] {"--quick"}, OUT);
        List<Mutant> chosen = MutateMain.select(args, Map.of("SAMPLE", new Mutator("SAMPLE", Sample.class)));
        assertEquals(chosen.stream().map(Mutant::operator).distinct().count(), chosen.size());
        assertTrue(chosen.stream().anyMatch(m -> m.id().equals("CAS_AS_CHECK_THEN_SET:Sample.compareAndSet#0")));
    }

    private static void assertMessage(String expectedStart, String... argv) {
        IllegalArgumentException error = assertThrows(IllegalArgumentException.class, () -> MutateArgs.parse(argv, OUT));
        assertTrue(error.getMessage().startsWith(expectedStart), error.getMessage());
    }
}
