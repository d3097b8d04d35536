-- The hand-written proofs of the law statements generated in generated/lean (one file per
-- spec module). A law whose proof still uses `sorry` is counted open by the generator
-- (generator/emit/lean/proofs.ts) and shown so in the law table.
import Proofs.Launcher
import Proofs.Notice
import Proofs.Orphan
import Proofs.Park
import Proofs.Relaunch
import Proofs.Replace
import Proofs.Revive
import Proofs.Supervise
import Proofs.Timeouts
