package org.numaloom.mutation;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.stream.Collectors;

import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.numaloom.locks.registry.LockRegistry;

class EquivalentMutantsTest {
    @TempDir
    Path dir;

    /** The list names mutants by id, and ids follow the code: a stale entry would hide a new mutant. */
    @Test
    void everyEntryNamesAMutantOfTheCodeAsItIs() {
        Set<String> current = List.of("NUMA_MCS", "CNA", "MCS").stream()
                .flatMap(lock -> new Mutator(lock, LockRegistry.create(lock).getClass()).mutants(List.of(Operator.values()))
                        .stream())
                .map(mutant -> mutant.lock() + " " + mutant.id()).collect(Collectors.toSet());
        Set<String> stale = EquivalentMutants.kit().entries().stream().filter(entry -> !current.contains(entry))
                .collect(Collectors.toSet());
        assertEquals(Set.of(), stale, "entries of " + EquivalentMutants.RESOURCE + " that name no mutant of the code");
    }

    @Test
    void anEntryWithoutAReasonIsRejected() {
        IllegalArgumentException e = assertThrows(IllegalArgumentException.class,
                () -> EquivalentMutants.parse("NUMA_MCS BOUND_OFF_BY_ONE:LeaderLock.spinForWord#0\n"));
        assertTrue(e.getMessage().contains("LOCK MUTANT_ID # why"), e.getMessage());
    }

    /**
     * An equivalent mutant that survived is neither a survivor nor counted; one that a layer caught
     * counts as caught and is flagged, since the list is then wrong.
     */
    @Test
    void theReportLeavesSurvivingEquivalentsOutAndFlagsCaughtOnes() throws Exception {
        Mutant survivor = mutant("LockLike.spin", 0);
        Mutant caught = mutant("LockLike.scan", 1);
        Mutant plain = mutant("LockLike.release", 2);
        EquivalentMutants equivalents = EquivalentMutants.parse("""
                SAMPLE %s # one more pause
                SAMPLE %s # claimed equivalent, wrongly
                """.formatted(survivor.id(), caught.id()));
        List<Row> rows = List.of(new Row(survivor, Layer.JUNIT, Outcome.SURVIVED, "", 1),
                new Row(caught, Layer.JUNIT, Outcome.KILLED, "FAILED SomeTest", 1),
                new Row(plain, Layer.JUNIT, Outcome.SURVIVED, "", 1));
        Path report = dir.resolve("report.md");
        MutationReport.write(report, rows, Set.of(Layer.JUNIT), Map.of(), equivalents, "test");
        String md = Files.readString(report);
        assertTrue(md.contains("| any layer | 1 | 2 | 50% |"), md);
        assertTrue(md.contains("- `" + survivor.id() + "` (SAMPLE): one more pause"), md);
        assertTrue(md.contains("**listed as equivalent, yet caught**: `" + caught.id() + "`"), md);
        String survivors = md.substring(md.indexOf("## Survivors"), md.indexOf("## Equivalent"));
        assertTrue(survivors.contains(plain.id()), survivors);
        assertFalse(survivors.contains(survivor.id()), survivors);
    }

    private static Mutant mutant(String method, int line) {
        String[] parts = method.split("\\.");
        return new Mutant("SAMPLE", Operator.BOUND_OFF_BY_ONE, "org/example/" + parts[0],
                new Operator.Site(parts[1], "()V", 0, line));
    }
}
