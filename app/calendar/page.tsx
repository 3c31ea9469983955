import { CalendarScreen } from '@/components/calendar/calendar-screen';

export default function CalendarPage() {
  return <CalendarScreen />;
}
