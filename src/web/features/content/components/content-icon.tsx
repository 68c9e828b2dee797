import {
  Activity,
  BarChart3,
  BookOpen,
  Bot,
  ClipboardList,
  Clock,
  Eye,
  FileCheck2,
  KeyRound,
  Layers,
  Lock,
  type LucideIcon,
  Scale,
  Search,
  Server,
  ShieldCheck,
  Target,
  TriangleAlert,
  UserCheck,
  Users,
  Workflow,
} from 'lucide-react';
import type { ContentIcon as IconName } from '../../../../shared/schemas/content.ts';

const ICONS: Record<IconName, LucideIcon> = {
  bot: Bot,
  'user-check': UserCheck,
  shield: ShieldCheck,
  lock: Lock,
  'file-check': FileCheck2,
  clipboard: ClipboardList,
  chart: BarChart3,
  activity: Activity,
  alert: TriangleAlert,
  eye: Eye,
  layers: Layers,
  workflow: Workflow,
  clock: Clock,
  users: Users,
  key: KeyRound,
  server: Server,
  search: Search,
  scale: Scale,
  book: BookOpen,
  target: Target,
};

export function ContentIcon({ name, className }: { name: IconName; className?: string }) {
  const Icon = ICONS[name];
  return <Icon className={className} aria-hidden />;
}
