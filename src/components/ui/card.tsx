import { classed } from '@/lib/classed';
import { cn } from '@/lib/utils';
import { cardClasses } from './card-classes';

export const Card = classed('div', cardClasses.card, cn);
export const CardHeader = classed('div', cardClasses.header, cn);
export const CardTitle = classed('h3', cardClasses.title, cn);
export const CardDescription = classed('p', cardClasses.description, cn);
export const CardContent = classed('div', cardClasses.content, cn);
export const CardFooter = classed('div', cardClasses.footer, cn);
