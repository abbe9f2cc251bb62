// Advice per weather status ("What you can do now", "Your Next Moves": three items per status, docs/product.md §2) and
// the fixed advice numbers of docs/product.md §9: 5 to 10 quality applications a week, roles matching 70% or more.
import type { Status } from "../../../product/weather.ts";

export const APPLICATIONS_PER_WEEK = "5 to 10";
export const MIN_REQUIREMENTS_MATCH = 70;

export interface AdviceItem {
  title: string;
  text: string;
}

export const ADVICE: Readonly<Record<Status, readonly [AdviceItem, AdviceItem, AdviceItem]>> = {
  sunny: [
    { title: "Aim higher", text: "Employers compete for people here. Apply for the roles you really want and negotiate salary and conditions with confidence." },
    { title: "Choose quality over volume", text: `Send ${APPLICATIONS_PER_WEEK} quality applications a week to roles that match ${MIN_REQUIREMENTS_MATCH}% or more of the requirements.` },
    { title: "Move quickly", text: "Good candidates are hired fast. Keep your CV and references ready and answer recruiters within a day." },
  ],
  bright: [
    { title: "Target growing employers", text: "Conditions are rather favorable. Focus on sectors and companies that are hiring and tailor each application to them." },
    { title: "Keep a steady rhythm", text: `Send ${APPLICATIONS_PER_WEEK} quality applications a week to roles that match ${MIN_REQUIREMENTS_MATCH}% or more of the requirements.` },
    { title: "Negotiate", text: "With more openings than seekers in many fields, you can ask about salary, remote work and training before you accept." },
  ],
  cloudy: [
    { title: "Be selective and precise", text: `Send ${APPLICATIONS_PER_WEEK} quality applications a week to roles that match ${MIN_REQUIREMENTS_MATCH}% or more of the requirements.` },
    { title: "Use your network", text: "In a mixed market many jobs are filled through contacts. Tell former colleagues what you are looking for and ask for introductions." },
    { title: "Strengthen your profile", text: "Update your CV with measurable results and close one skill gap that shows up in the job ads you want." },
  ],
  rainy: [
    { title: "Widen your search", text: "Openings are scarce. Look at neighbouring roles, sectors and regions, and consider temporary or contract work as a bridge." },
    { title: "Stand out", text: `Send ${APPLICATIONS_PER_WEEK} carefully tailored applications a week to roles that match ${MIN_REQUIREMENTS_MATCH}% or more of the requirements, and follow up each one.` },
    { title: "Get help early", text: "A career consultant or a stronger CV can shorten a long search. Public employment services also offer free support." },
  ],
  stormy: [
    { title: "Plan for a longer search", text: "Conditions are very tough. Budget for several months and keep a routine that protects your energy." },
    { title: "Look across borders", text: "Compare brighter markets nearby: your skills may be in demand in another country or region." },
    { title: "Invest in skills", text: `Use the time for a short course that opens a field with demand, and keep sending ${APPLICATIONS_PER_WEEK} quality applications a week.` },
  ],
};
